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

    /**
     * The local path a user's location names: {@code /tmp/x}, {@code file:/tmp/x},
     * {@code file:///tmp/x} and {@code file://localhost/tmp/x} are all {@code /tmp/x}; a relative
     * path stays relative. Every file connector and the checkpoint storage read locations this way.
     *
     * @param what names the location in errors, e.g. {@code "directory"}
     * @throws IllegalArgumentException for another scheme ({@code hdfs:}, {@code s3:}) or another host, naming it
     */
    public static java.nio.file.Path local(String location, String what) {
        Objects.requireNonNull(location, what + " must not be null");
        int colon = location.indexOf(':');
        int slash = location.indexOf('/');
        if (colon < 2 || slash >= 0 && slash < colon) {
            return java.nio.file.Path.of(location); // no scheme (a one-letter prefix is a Windows drive)
        }
        String scheme = location.substring(0, colon);
        if (!scheme.equalsIgnoreCase("file")) {
            throw new IllegalArgumentException(what + " must be a local path or a file: URI: " + what + "=" + location
                    + ", scheme=" + scheme);
        }
        try {
            URI uri = new URI(location);
            String host = uri.getHost();
            if (host != null && !host.isEmpty() && !host.equals("localhost")) {
                throw new IllegalArgumentException(what + " must be on this machine: " + what + "=" + location);
            }
            return java.nio.file.Path.of(uri.getPath());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(what + " is not a valid file: URI: " + what + "=" + location, e);
        }
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
