package dev.tidemark.windowing.windows;

/**
 * A group of elements that are emitted together: a time range or the single global window.
 * Implementations must be immutable values with {@code equals} and {@code hashCode}.
 */
public interface Window {

    /** The largest timestamp that still belongs to the window. */
    long maxTimestamp();
}
