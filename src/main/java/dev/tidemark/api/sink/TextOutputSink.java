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
 * What {@code writeAsText} writes: each element's {@code toString()} on a line, into the file
 * {@code path} at parallelism 1, or into the files {@code path/1}, {@code path/2}, ... one per
 * instance above, as Flink's text output does. Not exactly once: after a restore the file is
 * written again from the start (use a {@code FileSink} for exactly-once files).
 *
 * @param <T> the element type
 */
public final class TextOutputSink<T> implements SinkFunction<T>, RichFunction {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final WriteMode mode;
    private transient BufferedWriter writer;

    /** @param path a local path or a {@code file:} URI */
    public TextOutputSink(String path, WriteMode mode) {
        this.path = Objects.requireNonNull(path, "path must not be null");
        this.mode = Objects.requireNonNull(mode, "write mode must not be null");
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
        writer.write(String.valueOf(value));
        writer.write('\n');
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
