package dev.tidemark.runtime.operators.window;

import java.io.Serializable;
import java.util.Arrays;

/**
 * One key's elements in one pane, in arrival order, each with its arrival number (the operator's
 * count of elements before it): what sliding windows whose function sees every element keep per key
 * and pane ({@link ElementsOnPanes}). Each element is kept once, however many windows hold it; the
 * arrival numbers put a window's elements from several panes back into arrival order
 * ({@link WindowElements}).
 *
 * <p>Only appended to: a window that read the first {@code n} elements reads the same {@code n}
 * after later ones came. Threading: the owning task's thread only.
 */
final class PaneElements implements Serializable {

    private static final long serialVersionUID = 1L;

    private Object[] elements = new Object[4];
    private long[] arrivals = new long[4];
    private int size;

    void add(Object element, long arrival) {
        if (size == elements.length) {
            elements = Arrays.copyOf(elements, size * 2);
            arrivals = Arrays.copyOf(arrivals, size * 2);
        }
        elements[size] = element;
        arrivals[size++] = arrival;
    }

    int size() {
        return size;
    }

    Object elementAt(int index) {
        return elements[index];
    }

    long arrivalAt(int index) {
        return arrivals[index];
    }

    /** The arrival number of the last element; {@code Long.MIN_VALUE} if there is none. */
    long lastArrival() {
        return size == 0 ? Long.MIN_VALUE : arrivals[size - 1];
    }
}
