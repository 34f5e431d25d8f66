package dev.tidemark.connectors.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a {@link FileSource} reads: the files of its path, and the splits they are cut into. Its
 * monitor lists with this, and so do runners that host a file source on another engine.
 */
public final class FileListing {

    private FileListing() {}

    /**
     * The file {@code path}, or the regular files of directory {@code path} (not of its
     * subdirectories) that {@code filter} accepts, oldest modification first, then by name.
     *
     * @throws IOException if {@code path} is neither a file nor a directory
     */
    public static List<Path> files(String path, FilePathFilter filter) throws IOException {
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

    /** The number of splits of {@code splitSize} bytes a file of {@code size} bytes is cut into. */
    public static int splitCount(long size, long splitSize) {
        return (int) ((size + splitSize - 1) / splitSize);
    }

    /** Split {@code index} of a file of {@code size} bytes cut into splits of {@code splitSize}. */
    public static FileSplit split(Path file, long size, long splitSize, int index) {
        long start = index * splitSize;
        return new FileSplit(file.toString(), start, Math.min(splitSize, size - start), index);
    }

    private static long modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
