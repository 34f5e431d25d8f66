package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import java.util.List;

/**
 * The elements of sliding windows whose function sees every element ({@code process(f)},
 * {@code apply(f)}), kept per key and pane as an aggregate that windows on panes run: a pane's
 * accumulator is its {@link PaneElements}, a window's the {@link WindowElements} read from its
 * panes, and the result that view, in arrival order (or, for a key in one pane of the window, that
 * pane's list itself). Each element is kept once rather than once per window, and no merge copies
 * it. The merge is exact by construction: a window gets the elements, in the order, that one list
 * per window would hold.
 *
 * <p>Elements are numbered by arrival here, so one instance serves one operator; after a restore,
 * numbering goes on after the highest restored ({@link #continueAfter}).
 *
 * <p>Threading: the owning task's thread only.
 */
final class ElementsOnPanes<T> implements AggregateFunction<T, Object, List<T>>, ReadOnlyResults {

    private static final long serialVersionUID = 1L;

    private long arrivals; // elements added so far: the next one's arrival number

    /** A pane's elements, empty; a window's view is made by the first {@link #merge} into it. */
    @Override
    public Object createAccumulator() {
        return new PaneElements();
    }

    /** Adds to the pane's elements, or to a copy of them if they were handed out as a window's input. */
    @Override
    public Object add(T value, Object accumulator) {
        PaneElements pane = ((PaneElements) accumulator).toAddTo();
        pane.add(value, arrivals++);
        return pane;
    }

    /**
     * {@code a} with the elements of pane {@code b} after its own: a window's view, made on the first
     * merge from {@code a}'s pane (the panes of a window are merged in the order they start).
     */
    @Override
    public Object merge(Object a, Object b) {
        WindowElements<T> window = view(a);
        window.addPane((PaneElements) b);
        return window;
    }

    /** The window's elements: the pane itself if they are in one (from then on unchanged), else the view. */
    @Override
    @SuppressWarnings("unchecked")
    public List<T> getResult(Object accumulator) {
        return accumulator instanceof PaneElements pane ? (List<T>) pane.handOut() : view(accumulator);
    }

    /** The window's view {@code accumulator} is, or a new one of the pane it is. */
    @SuppressWarnings("unchecked")
    private static <T> WindowElements<T> view(Object accumulator) {
        if (accumulator instanceof WindowElements<?> window) {
            return (WindowElements<T>) window;
        }
        WindowElements<T> window = new WindowElements<>();
        window.addPane((PaneElements) accumulator);
        return window;
    }

    /** Numbers the next elements after every one {@code pane} holds (a restored pane). */
    void continueAfter(PaneElements pane) {
        arrivals = Math.max(arrivals, pane.lastArrival() + 1);
    }

    /**
     * Fails the restore of a pane holding {@code paneValue} into a program that keeps elements
     * ({@code keepsElements}) if it holds an accumulator, or the other way round.
     */
    static void requireSameKind(Object paneValue, boolean keepsElements, String operatorName) {
        if (paneValue instanceof PaneElements != keepsElements) {
            throw new IllegalStateException("cannot restore operator '" + operatorName + "': the snapshot holds "
                    + (keepsElements ? "accumulators per pane, and this program's window function needs every element"
                    : "each pane's elements (a window function that saw every element), and this program aggregates"));
        }
    }
}
