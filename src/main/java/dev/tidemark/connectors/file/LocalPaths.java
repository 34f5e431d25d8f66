package dev.tidemark.connectors.file;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Objects;

/** Turns what a user gives as a file location, a path or a {@code file:} URI as Flink accepts, into a local path. */
final class LocalPaths {

    private LocalPaths() {}

    /**
     * {@code /tmp/x}, {@code file:/tmp/x}, {@code file:///tmp/x} and {@code file://localhost/tmp/x}
     * are all {@code /tmp/x}; a relative path stays relative.
     *
     * @throws IllegalArgumentException for another scheme ({@code hdfs:}, {@code s3:}), naming it
     */
    static String of(String location, String what) {
        Objects.requireNonNull(location, what + " must not be null");
        int colon = location.indexOf(':');
        int slash = location.indexOf('/');
        if (colon < 2 || slash >= 0 && slash < colon) {
            return location; // no scheme (a one-letter prefix is a Windows drive)
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
            return Path.of(uri.getPath()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(what + " is not a valid file: URI: " + what + "=" + location, e);
        }
    }
}
