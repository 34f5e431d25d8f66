package dev.tidemark.connectors.file;

import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.sink.TwoPhaseCommitSink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes elements as lines into part files of a directory, exactly once: a reader never sees half a
 * file, and never sees an element twice or lose one, across failures and restarts.
 *
 * <p>Each parallel instance writes into hidden {@code .part-<run>-<instance>-<n>.inprogress} files
 * (rolling to a new one at the size limit), where {@code run} is a random id of the instance's run.
 * At each checkpoint the files are closed (prepared); when the checkpoint completes they are renamed
 * atomically to {@code part-<run>-<instance>-<n>}. Without periodic checkpoints this happens when
 * the input ends. A job that fails deletes the files of its open transaction; a restored job commits
 * what its checkpoint had prepared, and removes the hidden files that no transaction of its
 * checkpoint holds (left by a process that died: they can never be committed). See
 * {@link TwoPhaseCommitSink}.
 *
 * @param <T> the element type
 */
public final class FileSink<T> extends TwoPhaseCommitSink<T, FileSink.Transaction> {

    private static final long serialVersionUID = 1L;
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(FileSink.class);
    /** {@code .part-<run>-<instance>-<n>.inprogress}. */
    private static final Pattern HIDDEN_PART = Pattern.compile("\\.part-(\\w+)-(\\d+)-\\d+\\.inprogress");

    /** The default part size limit: 128 MiB. */
    public static final long DEFAULT_MAX_PART_SIZE = 128L << 20;

    /** Turns an element into one line (without the line break). */
    @FunctionalInterface
    public interface LineEncoder<T> extends Serializable {
        String encode(T element);
    }

    /** The part files of one transaction: each a hidden in-progress name and the name it is committed as. */
    public static final class Transaction implements Serializable {
        private static final long serialVersionUID = 1L;

        private final List<String[]> parts = new ArrayList<>(); // {in-progress name, committed name}
        private transient BufferedWriter writer;
        private transient long size;

        /** The committed names of the transaction's parts. */
        public List<String> partNames() {
            return parts.stream().map(p -> p[1]).toList();
        }
    }

    private final String directory;
    private final LineEncoder<T> encoder;
    private final long maxPartSize;
    private transient String run;
    private transient int instance;
    private transient int partNumber;

    /**
     * Flink's way to build a file sink of lines: {@code FileSink.forRowFormat(new Path(dir),
     * new SimpleStringEncoder<>()).build()}. The encoder's bytes for an element are one line (a
     * trailing line break is the sink's own); parts roll at 128 MiB unless
     * {@link RowFormatBuilder#withMaxPartSize} says otherwise, and at every checkpoint.
     */
    public static <T> RowFormatBuilder<T> forRowFormat(dev.tidemark.api.fs.Path basePath, Encoder<T> encoder) {
        return new RowFormatBuilder<>(basePath.toString(), encoder);
    }

    /** Builds a {@link FileSink} from a Flink-style row format. */
    public static final class RowFormatBuilder<T> {
        private final String directory;
        private final Encoder<T> encoder;
        private long maxPartSize = DEFAULT_MAX_PART_SIZE;

        private RowFormatBuilder(String directory, Encoder<T> encoder) {
            this.directory = directory;
            this.encoder = java.util.Objects.requireNonNull(encoder, "encoder must not be null");
        }

        /** Rolls to a new part once a part holds this many bytes. */
        public RowFormatBuilder<T> withMaxPartSize(long bytes) {
            this.maxPartSize = bytes;
            return this;
        }

        public FileSink<T> build() {
            Encoder<T> rows = encoder;
            return new FileSink<>(directory, element -> line(rows, element), maxPartSize);
        }

        private static <T> String line(Encoder<T> encoder, T element) throws java.io.UncheckedIOException {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try {
                encoder.encode(element, bytes);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            String line = bytes.toString(StandardCharsets.UTF_8);
            return line.endsWith("\n") ? line.substring(0, line.length() - 1) : line;
        }
    }

    /** Writes {@code String.valueOf(element)} per line, parts of at most 128 MiB. */
    public static <T> FileSink<T> lines(String directory) {
        return new FileSink<>(directory, String::valueOf, DEFAULT_MAX_PART_SIZE);
    }

    /**
     * @param directory where parts go (a path or a {@code file:} URI); created if missing
     * @param encoder one line per element
     * @param maxPartSize roll to a new part once a part holds this many bytes
     */
    public FileSink(String directory, LineEncoder<T> encoder, long maxPartSize) {
        this.directory = dev.tidemark.api.fs.Path.local(directory, "directory").toString();
        this.encoder = Objects.requireNonNull(encoder, "encoder must not be null");
        if (maxPartSize < 1) {
            throw new IllegalArgumentException("max part size must be positive: maxPartSize=" + maxPartSize);
        }
        this.maxPartSize = maxPartSize;
    }

    @Override
    protected void open(RuntimeContext context, boolean restored) throws IOException {
        instance = context.getIndexOfThisSubtask();
        run = UUID.randomUUID().toString().substring(0, 8);
        Files.createDirectories(Path.of(directory));
    }

    /**
     * Removes this instance's share of the hidden part files of earlier runs that no transaction of
     * the restored checkpoint holds: instance {@code i} of {@code n} takes those written by an
     * instance {@code k} with {@code k % n == i}, so no instance touches another's live files.
     */
    @Override
    protected void recover(List<Transaction> transactionsOfEveryInstance) throws IOException {
        Set<String> held = new HashSet<>();
        for (Transaction txn : transactionsOfEveryInstance) {
            txn.parts.forEach(part -> held.add(part[0]));
        }
        int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
        int removed = 0;
        try (Stream<Path> files = Files.list(Path.of(directory))) {
            for (Path file : files.toList()) {
                Matcher m = HIDDEN_PART.matcher(file.getFileName().toString());
                if (m.matches() && !m.group(1).equals(run) && Integer.parseInt(m.group(2)) % parallelism == instance
                        && !held.contains(file.getFileName().toString())) {
                    Files.deleteIfExists(file);
                    removed++;
                }
            }
        }
        if (removed > 0) {
            LOG.info("Removed part files that can never be committed: directory={}, instance={}, files={}", directory,
                    instance, removed);
        }
    }

    @Override
    protected Transaction beginTransaction() {
        return new Transaction(); // files are created at the first element
    }

    @Override
    protected void write(Transaction txn, T value, Context context) throws IOException {
        if (txn.writer == null) {
            String name = "part-" + run + "-" + instance + "-" + partNumber++;
            txn.parts.add(new String[] {"." + name + ".inprogress", name});
            txn.writer = Files.newBufferedWriter(Path.of(directory, "." + name + ".inprogress"), StandardCharsets.UTF_8);
            txn.size = 0;
        }
        String line = encoder.encode(value);
        txn.writer.write(line);
        txn.writer.write('\n');
        txn.size += line.getBytes(StandardCharsets.UTF_8).length + 1;
        if (txn.size >= maxPartSize) {
            closePart(txn);
        }
    }

    @Override
    protected void prepare(Transaction txn) throws IOException {
        closePart(txn);
    }

    @Override
    protected void commit(Transaction txn) throws IOException {
        for (String[] part : txn.parts) {
            Path staged = Path.of(directory, part[0]);
            Path committed = Path.of(directory, part[1]);
            try {
                Files.move(staged, committed, StandardCopyOption.ATOMIC_MOVE);
            } catch (NoSuchFileException e) {
                if (!Files.exists(committed)) {
                    throw new IOException("part file must exist to be committed: neither " + staged + " nor "
                            + committed + " is there; was the directory changed while the job ran?", e);
                }
                // committed before a failure: commit is idempotent
            }
        }
    }

    @Override
    protected void abort(Transaction txn) throws IOException {
        closePart(txn);
        for (String[] part : txn.parts) {
            Files.deleteIfExists(Path.of(directory, part[0]));
        }
    }

    private static void closePart(Transaction txn) throws IOException {
        if (txn.writer != null) {
            txn.writer.close();
            txn.writer = null;
        }
    }
}
