package dev.tidemark.api.fs;

/** Holds {@link WriteMode}, where Flink programs find it ({@code FileSystem.WriteMode.OVERWRITE}). */
public final class FileSystem {

    private FileSystem() {}

    /** What {@code writeAsText} does when its file is already there. */
    public enum WriteMode {
        /** Fail, naming the file. */
        NO_OVERWRITE,
        /** Replace it. */
        OVERWRITE
    }
}
