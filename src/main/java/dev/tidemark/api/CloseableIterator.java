package dev.tidemark.api;

import java.util.Iterator;

/**
 * An iterator over results that arrive while a job runs, as Flink's {@code CloseableIterator}: close
 * it to stop reading, which also cancels a job that is still running.
 *
 * @param <T> the element type
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {}
