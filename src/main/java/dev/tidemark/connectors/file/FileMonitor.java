package dev.tidemark.connectors.file;

import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Lists the files of a path and cuts each into {@link FileSplit}s for the readers: once, or every
 * interval for files that appeared or were modified since (by modification time and size).
 * Checkpoints hold the files already cut (with their version); a file's splits are emitted under the
 * checkpoint lock together, so a checkpoint holds all of a file's splits or none. Readers read a
 * split whole between two elements, so a checkpoint never falls inside one and they keep no state.
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
        }
        do {
            for (Path file : scan()) {
                String version = Files.getLastModifiedTime(file).toMillis() + "/" + Files.size(file);
                synchronized (ctx.getCheckpointLock()) {
                    if (!version.equals(read.get(file))) {
                        read.put(file, version);
                        emitSplits(file, ctx);
                    }
                }
            }
        } while (mode == FileProcessingMode.PROCESS_CONTINUOUSLY && !cancelled.await(intervalMillis, TimeUnit.MILLISECONDS));
    }

    private List<Path> scan() throws IOException {
        Path root = Path.of(path);
        if (Files.isRegularFile(root)) {
            return List.of(root);
        }
        if (!Files.isDirectory(root)) {
            throw new IOException("file source path must be a file or a directory: path=" + root.toAbsolutePath());
        }
        try (Stream<Path> entries = Files.list(root)) {
            List<Path> files = new ArrayList<>(entries.filter(Files::isRegularFile).filter(filter::accept).toList());
            files.sort(Comparator.comparing((Path p) -> modified(p)).thenComparing(Path::toString));
            return files;
        }
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void emitSplits(Path file, SourceContext<FileSplit> ctx) throws IOException {
        long size = Files.size(file);
        int index = 0;
        for (long start = 0; start < size; start += splitSize) {
            ctx.collect(new FileSplit(file.toString(), start, Math.min(splitSize, size - start), index++));
        }
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        readState = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("read-files", String.class));
        read = new HashMap<>();
        for (String entry : readState.get()) {
            int tab = entry.lastIndexOf('\t');
            read.put(Path.of(entry.substring(0, tab)), entry.substring(tab + 1));
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        List<String> entries = new ArrayList<>(read.size());
        read.forEach((file, version) -> entries.add(file + "\t" + version));
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
