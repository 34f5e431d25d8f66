package dev.tidemark.api.sink;

import dev.tidemark.api.fs.FileSystem.WriteMode;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@code writeAsText} and {@code writeAsCsv} write: each element's {@code toString()} (or its
 * tuple fields joined by a delimiter) followed by a row delimiter, into the file
 * {@code path} at parallelism 1, or into the files {@code path/1}, {@code path/2}, ... one per
 * instance above, as Flink's text output does. Not exactly once: after a restore the file is
 * written again from the start (use a {@code FileSink} for exactly-once files).
 *
 * @param <T> the element type
 */
public final class TextOutputSink<T> implements SinkFunction<T>, RichFunction {

    private static final long serialVersionUID = 1L;

    /** Turns an element into the text of its row. */
    @FunctionalInterface
    private interface RowFormat<T> extends java.io.Serializable {
        String format(T value);
    }

    private final String path;
    private final WriteMode mode;
    private final RowFormat<T> format;
    private final String rowDelimiter;
    private transient BufferedWriter writer;

    /** Each element's {@code toString()} on a line. @param path a local path or a {@code file:} URI */
    public TextOutputSink(String path, WriteMode mode) {
        this(path, mode, String::valueOf, "\n");
    }

    private TextOutputSink(String path, WriteMode mode, RowFormat<T> format, String rowDelimiter) {
        this.path = Objects.requireNonNull(path, "path must not be null");
        this.mode = Objects.requireNonNull(mode, "write mode must not be null");
        this.format = format;
        this.rowDelimiter = Objects.requireNonNull(rowDelimiter, "row delimiter must not be null");
    }

    /**
     * Tuples as Flink's CSV output writes them: the fields' {@code toString()} joined by
     * {@code fieldDelimiter}, an empty field for {@code null}, no quoting.
     *
     * @throws IllegalArgumentException at run time, for an element that is not a tuple
     */
    public static <T> TextOutputSink<T> csv(String path, WriteMode mode, String rowDelimiter, String fieldDelimiter) {
        Objects.requireNonNull(fieldDelimiter, "field delimiter must not be null");
        return new TextOutputSink<>(path, mode, value -> csvRow(value, fieldDelimiter), rowDelimiter);
    }

    private static String csvRow(Object value, String fieldDelimiter) {
        if (!(value instanceof dev.tidemark.api.tuple.Tuple tuple)) {
            throw new IllegalArgumentException("writeAsCsv writes tuples only, as in Flink; got "
                    + (value == null ? "null" : "a " + value.getClass().getName()) + ": map the elements to a TupleN first");
        }
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < tuple.getArity(); i++) {
            Object field = tuple.getField(i);
            row.append(i == 0 ? "" : fieldDelimiter).append(field == null ? "" : field.toString());
        }
        return row.toString();
    }

    @Override
    public void open(RuntimeContext context) throws IOException {
        Path base = dev.tidemark.api.fs.Path.local(path, "path");
        Path file = base;
        if (context.getNumberOfParallelSubtasks() > 1) {
            if (Files.isRegularFile(base) && mode == WriteMode.OVERWRITE) {
                Files.deleteIfExists(base); // a file where the directory of instance files goes
            }
            Files.createDirectories(base);
            file = base.resolve(String.valueOf(context.getIndexOfThisSubtask() + 1));
        } else if (Files.isDirectory(base) && mode == WriteMode.OVERWRITE) {
            deleteRecursively(base);
        }
        if (Files.exists(file) && mode == WriteMode.NO_OVERWRITE) {
            throw new FileAlreadyExistsException(file.toString(), null,
                    "the output file exists and the write mode is NO_OVERWRITE; use WriteMode.OVERWRITE to replace it");
        }
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    @Override
    public void invoke(T value, Context context) throws IOException {
        writer.write(format.format(value));
        writer.write(rowDelimiter);
    }

    @Override
    public void finish() throws IOException {
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        if (writer != null) {
            writer.close();
        }
    }
}
