package dev.tidemark.windowing.assigners;

import java.io.Serializable;

/** Gives each element its own session gap, in milliseconds (must be positive). */
@FunctionalInterface
public interface SessionWindowTimeGapExtractor<T> extends Serializable {

    long extract(T element);
}
