package dev.tidemark.connectors.file;

import java.io.Serializable;
import java.nio.file.Path;

/** Chooses which files of a directory a file source reads. */
@FunctionalInterface
public interface FilePathFilter extends Serializable {

    boolean accept(Path file);

    /**
     * The default: skips hidden and in-progress files, whose names start with {@code .} or
     * {@code _} (the file sink's unfinished parts among them).
     */
    static FilePathFilter skipHiddenAndInProgress() {
        return file -> {
            String name = file.getFileName().toString();
            return !name.startsWith(".") && !name.startsWith("_");
        };
    }
}
