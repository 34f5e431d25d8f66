package dev.tidemark.api.fs;

import java.io.Serializable;
import java.net.URI;
import java.util.Objects;

/**
 * A file or directory named as Flink programs name one: a local path or a {@code file:} URI
 * ({@code new Path("file:///tmp/out")}); the file connectors take it where they take a string.
 */
public final class Path implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String location;

    public Path(String location) {
        this.location = Objects.requireNonNull(location, "path must not be null");
        if (location.isEmpty()) {
            throw new IllegalArgumentException("path must not be empty");
        }
    }

    public Path(URI uri) {
        this(Objects.requireNonNull(uri, "uri must not be null").toString());
    }

    /** The path or URI as given. */
    @Override
    public String toString() {
        return location;
    }

    /** As a URI; a plain path becomes a {@code file:} URI. */
    public URI toUri() {
        return location.contains(":") ? URI.create(location) : java.nio.file.Path.of(location).toUri();
    }

    /** The last name of the path. */
    public String getName() {
        String trimmed = location.endsWith("/") ? location.substring(0, location.length() - 1) : location;
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Path other && location.equals(other.location);
    }

    @Override
    public int hashCode() {
        return location.hashCode();
    }
}
