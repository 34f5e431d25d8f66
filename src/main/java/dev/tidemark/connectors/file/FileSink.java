package dev.tidemark.connectors.file;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.sink.SinkFunction;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Writes elements as lines into part files of a directory, so that a reader never sees half a file:
 * each parallel instance writes into a hidden {@code .part-<instance>-<n>.inprogress} and, when the
 * part reaches its size limit or the input ends, renames it atomically to {@code part-<instance>-<n>}.
 * A job that fails or is cancelled deletes its unfinished part (its records are not committed).
 *
 * @param <T> the element type
 */
public final class FileSink<T> implements SinkFunction<T>, RichFunction {

    private static final long serialVersionUID = 1L;

    /** The default part size limit: 128 MiB. */
    public static final long DEFAULT_MAX_PART_SIZE = 128L << 20;

    /** Turns an element into one line (without the line break). */
    @FunctionalInterface
    public interface LineEncoder<T> extends Serializable {
        String encode(T element);
    }

    private final String directory;
    private final LineEncoder<T> encoder;
    private final long maxPartSize;
    private transient int instance;
    private transient int partNumber;
    private transient Path inProgress;
    private transient BufferedWriter writer;
    private transient long partSize;

    /** Writes {@code String.valueOf(element)} per line, parts of at most 128 MiB. */
    public static <T> FileSink<T> lines(String directory) {
        return new FileSink<>(directory, String::valueOf, DEFAULT_MAX_PART_SIZE);
    }

    /**
     * @param directory where parts go; created if missing
     * @param encoder one line per element
     * @param maxPartSize roll to a new part once a part holds this many bytes
     */
    public FileSink(String directory, LineEncoder<T> encoder, long maxPartSize) {
        this.directory = Objects.requireNonNull(directory, "directory must not be null");
        this.encoder = Objects.requireNonNull(encoder, "encoder must not be null");
        if (maxPartSize < 1) {
            throw new IllegalArgumentException("max part size must be positive: maxPartSize=" + maxPartSize);
        }
        this.maxPartSize = maxPartSize;
    }

    @Override
    public void open(RuntimeContext context) throws IOException {
        instance = context.getIndexOfThisSubtask();
        Files.createDirectories(Path.of(directory));
    }

    @Override
    public void invoke(T value, Context context) throws IOException {
        if (writer == null) {
            openPart();
        }
        String line = encoder.encode(value);
        writer.write(line);
        writer.write('\n');
        partSize += line.getBytes(StandardCharsets.UTF_8).length + 1;
        if (partSize >= maxPartSize) {
            commitPart();
        }
    }

    @Override
    public void finish() throws IOException {
        if (writer != null) {
            commitPart();
        }
    }

    @Override
    public void close() throws IOException {
        if (writer != null) { // not finished: the job failed or was cancelled
            writer.close();
            Files.deleteIfExists(inProgress);
            writer = null;
        }
    }

    private void openPart() throws IOException {
        while (Files.exists(finalPath(partNumber))) {
            partNumber++;
        }
        inProgress = Path.of(directory, ".part-" + instance + "-" + partNumber + ".inprogress");
        writer = Files.newBufferedWriter(inProgress, StandardCharsets.UTF_8);
        partSize = 0;
    }

    private void commitPart() throws IOException {
        writer.close();
        writer = null;
        Files.move(inProgress, finalPath(partNumber), StandardCopyOption.ATOMIC_MOVE);
        partNumber++;
    }

    private Path finalPath(int number) {
        return Path.of(directory, "part-" + instance + "-" + number);
    }
}
