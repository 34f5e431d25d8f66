package dev.tidemark.connectors.datagen;

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
}
