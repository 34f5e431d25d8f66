package dev.tidemark.api.accumulators;

import java.io.Serializable;

/** An {@link Accumulator} whose result has the type of what is added. */
public interface SimpleAccumulator<T extends Serializable> extends Accumulator<T, T> {}
