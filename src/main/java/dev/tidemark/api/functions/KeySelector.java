package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Extracts the key of an element for {@code keyBy}. Keys must be deterministic, non-null, and have
 * {@code equals} and {@code hashCode} that agree across JVMs (records, strings, boxed numbers; not
 * arrays or enums' identity hash codes).
 *
 * @param <IN> the element type
 * @param <KEY> the key type
 */
@FunctionalInterface
public interface KeySelector<IN, KEY> extends Serializable {

    /** The key of {@code value}; must not return null. */
    KEY getKey(IN value) throws Exception;
}
