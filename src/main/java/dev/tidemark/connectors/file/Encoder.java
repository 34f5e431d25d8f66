package dev.tidemark.connectors.file;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;

/**
 * Writes one element of a {@link FileSink} row format, as Flink's encoders do: the bytes of one
 * line, its line break included ({@link SimpleStringEncoder} writes {@code toString()} and a
 * {@code '\n'}).
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface Encoder<T> extends Serializable {

    void encode(T element, OutputStream stream) throws IOException;
}
