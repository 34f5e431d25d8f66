package dev.tidemark.windowing.delta;

import java.io.Serializable;

/**
 * The distance between two elements, for {@link dev.tidemark.windowing.triggers.DeltaTrigger} and
 * {@link dev.tidemark.windowing.evictors.DeltaEvictor}.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface DeltaFunction<T> extends Serializable {

    /** How far {@code newDataPoint} is from {@code oldDataPoint}; may be negative. */
    double getDelta(T oldDataPoint, T newDataPoint);
}
