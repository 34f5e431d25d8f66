package dev.tidemark.connectors.file;

import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lists the files of a path and cuts each into {@link FileSplit}s for the readers: once, or every
 * interval for files that appeared or were modified since (by modification time and size).
 * Checkpoints hold the files already cut (with their version) and how many of a file's splits were
 * handed out: each split is emitted under the checkpoint lock on its own, so a checkpoint can fall
 * between two splits of a file, and the readers' small input rings make the monitor wait rather
 * than hand out every split ahead of a barrier. Readers read a split whole between two elements, so
 * a checkpoint never falls inside one and they keep no state.
 *
 * <p>Threading: {@code run} on the source thread; {@code cancel} from another thread.
 */
final class FileMonitor implements SourceFunction<FileSplit>, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final FileProcessingMode mode;
    private final long intervalMillis;
    private final FilePathFilter filter;
    private final long splitSize;
    private transient CountDownLatch cancelled;
    private transient ListState<String> readState;
    private transient Map<Path, String> read; // file -> "modified/size" when it was cut into splits
    private transient Map<Path, Integer> handedOut; // file -> splits emitted, while not all are

    FileMonitor(String path, FileProcessingMode mode, long intervalMillis, FilePathFilter filter, long splitSize) {
        this.path = path;
        this.mode = mode;
        this.intervalMillis = intervalMillis;
        this.filter = filter;
        this.splitSize = splitSize;
    }

    @Override
    public void run(SourceContext<FileSplit> ctx) throws Exception {
        cancelled = new CountDownLatch(1);
        if (read == null) {
            read = new HashMap<>();
            handedOut = new HashMap<>();
        }
        for (Map.Entry<Path, Integer> unfinished : List.copyOf(handedOut.entrySet())) { // restored mid-file
            emitSplits(unfinished.getKey(), sizeOf(read.get(unfinished.getKey())), unfinished.getValue(), ctx);
        }
        do {
            for (Path file : scan()) {
                long size = Files.size(file);
                String version = Files.getLastModifiedTime(file).toMillis() + "/" + size;
                synchronized (ctx.getCheckpointLock()) {
                    if (version.equals(read.get(file))) {
                        continue;
                    }
                    read.put(file, version);
                    handedOut.put(file, 0);
                }
                emitSplits(file, size, 0, ctx);
            }
        } while (mode == FileProcessingMode.PROCESS_CONTINUOUSLY && !cancelled.await(intervalMillis, TimeUnit.MILLISECONDS));
    }

    private static long sizeOf(String version) {
        return Long.parseLong(version.substring(version.indexOf('/') + 1));
    }

    private List<Path> scan() throws IOException {
        return FileListing.files(path, filter);
    }

    /** Emits the splits of {@code file} from split {@code from} on, each with its progress under the lock. */
    private void emitSplits(Path file, long size, int from, SourceContext<FileSplit> ctx) {
        int splits = FileListing.splitCount(size, splitSize);
        for (int index = from; index < splits; index++) {
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(FileListing.split(file, size, splitSize, index));
                handedOut.put(file, index + 1);
            }
        }
        synchronized (ctx.getCheckpointLock()) {
            handedOut.remove(file);
        }
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        readState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("read-files", String.class));
        read = new HashMap<>();
        handedOut = new HashMap<>();
        for (String entry : readState.get()) {
            // "<path>\t<modified>/<size>", and "\t<splits handed out>" while not all are (no '/' in it)
            String rest = entry;
            int tab = rest.lastIndexOf('\t');
            if (rest.indexOf('/', tab) < 0) {
                handedOutOf(rest.substring(0, tab), Integer.parseInt(rest.substring(tab + 1)));
                rest = rest.substring(0, tab);
                tab = rest.lastIndexOf('\t');
            }
            read.put(Path.of(rest.substring(0, tab)), rest.substring(tab + 1));
        }
    }

    private void handedOutOf(String pathAndVersion, int splits) {
        handedOut.put(Path.of(pathAndVersion.substring(0, pathAndVersion.lastIndexOf('\t'))), splits);
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        List<String> entries = new ArrayList<>(read.size());
        read.forEach((file, version) -> {
            Integer partial = handedOut.get(file);
            entries.add(file + "\t" + version + (partial == null ? "" : "\t" + partial));
        });
        readState.update(entries);
    }

    @Override
    public void cancel() {
        CountDownLatch latch = cancelled;
        if (latch != null) {
            latch.countDown();
        }
    }
}
