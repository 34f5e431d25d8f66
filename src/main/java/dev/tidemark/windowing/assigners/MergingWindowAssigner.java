package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.windows.Window;
import java.util.Collection;

/**
 * An assigner whose windows can merge, such as sessions: the operator asks it to merge the windows
 * of a key whenever an element adds one.
 */
public abstract class MergingWindowAssigner<T, W extends Window> extends WindowAssigner<T, W> {

    private static final long serialVersionUID = 1L;

    /** Reports each group of windows that merge into one. */
    public abstract void mergeWindows(Collection<W> windows, MergeCallback<W> callback);

    /** Receives one merge. */
    @FunctionalInterface
    public interface MergeCallback<W> {
        /** {@code toBeMerged} (more than one window) become {@code mergeResult}. */
        void merge(Collection<W> toBeMerged, W mergeResult);
    }
}
