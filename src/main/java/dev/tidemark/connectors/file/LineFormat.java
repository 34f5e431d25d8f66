package dev.tidemark.connectors.file;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Turns one line of a file into an element. Throwing marks the line malformed.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface LineFormat<T> extends Serializable {

    /**
     * The element of {@code line}, or {@code null} to skip the line (a comment, a header); throw
     * (with a useful message) if the line is malformed.
     */
    T parse(String line) throws Exception;

    /** Each line as it is. */
    static LineFormat<String> text() {
        return line -> line;
    }

    /** Comma-separated values, with RFC 4180 quoting, handed to {@code mapping} as fields. */
    static <T> LineFormat<T> csv(RowMapping<List<String>, T> mapping) {
        return csv(',', mapping);
    }

    /** Values separated by {@code delimiter}, with RFC 4180 quoting, handed to {@code mapping}. */
    static <T> LineFormat<T> csv(char delimiter, RowMapping<List<String>, T> mapping) {
        Objects.requireNonNull(mapping, "mapping must not be null");
        return line -> mapping.map(Csv.split(line, delimiter));
    }

    /**
     * One JSON object per line, handed to {@code mapping} as a map of its fields (strings, numbers
     * as {@code Long} or {@code Double}, booleans, {@code null}, nested maps and lists).
     */
    static <T> LineFormat<T> jsonLines(RowMapping<Map<String, Object>, T> mapping) {
        Objects.requireNonNull(mapping, "mapping must not be null");
        return line -> mapping.map(Json.parseObject(line));
    }

    /** Maps a parsed row to an element. */
    @FunctionalInterface
    interface RowMapping<R, T> extends Serializable {
        T map(R row) throws Exception;
    }
}
