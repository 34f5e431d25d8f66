package dev.tidemark.runtime.operators.window;

import java.util.Collection;

/**
 * What a window holds for the current key, as a strategy: one accumulator (eager reduce or
 * aggregate), a list of elements (process), or a list of timestamped elements with an evictor.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <IN> element type
 * @param <W> window type
 */
interface WindowContents<IN, W> {

    /** @return whether the window held contents before {@code value} (false for its first element) */
    boolean add(W stateWindow, IN value, long timestamp) throws Exception;

    /**
     * Hands the window's contents, as the window function's input, to {@code function}.
     *
     * @param window the window being emitted (for evictors); its contents live in {@code stateWindow}
     * @return false if the window holds nothing
     */
    boolean emit(W stateWindow, W window, InputConsumer function) throws Exception;

    void clear(W stateWindow);

    /** Folds the contents of {@code sources} into {@code target} and clears the sources. */
    void merge(W target, Collection<W> sources) throws Exception;

    /** Receives a window function's input. */
    @FunctionalInterface
    interface InputConsumer {
        void accept(Iterable<?> input) throws Exception;
    }
}
