package dev.tidemark.connectors.datagen;

import dev.tidemark.api.source.SourceReaderContext;
import java.io.Serializable;

/**
 * Turns an index (0, 1, 2, ...) into an element, for {@link DataGeneratorSource}.
 *
 * @param <T> the index type ({@code Long})
 * @param <O> the element type
 */
@FunctionalInterface
public interface GeneratorFunction<T, O> extends Serializable {

    O map(T value) throws Exception;

    /** Called once per parallel instance before the first index; the default does nothing. */
    default void open(SourceReaderContext readerContext) throws Exception {}

    /** Called once per parallel instance after the last index, also on failure. */
    default void close() throws Exception {}
}
