package dev.tidemark.runtime.operators.window;

import java.io.Serializable;
import java.util.AbstractList;
import java.util.Arrays;

/**
 * One key's elements in one pane, in arrival order, each with its arrival number (the operator's
 * count of elements before it): what sliding windows whose function sees every element keep per key
 * and pane ({@link ElementsOnPanes}). Each element is kept once, however many windows hold it; the
 * arrival numbers put a window's elements from several panes back into arrival order
 * ({@link WindowElements}).
 *
 * <p>A window whose key has elements in this pane alone gets the pane itself as its input, a
 * read-only list of the elements; once handed out, it is never changed, and a later element of the
 * pane goes into a copy ({@link #toAddTo}), so a function that keeps its input keeps its window's
 * elements. A window of several panes reads the first {@code n} elements of each, and appends do not
 * move them.
 *
 * <p>Threading: the owning task's thread only.
 */
final class PaneElements extends AbstractList<Object> implements Serializable {

    private static final long serialVersionUID = 1L;

    private Object[] elements; // null until the first element: a window's merge starts from an empty one
    private long[] arrivals;
    private int size;
    private transient boolean handedOut; // a window's input: to be left as it is

    /** This pane, or a copy of it if this one was handed out as a window's input: the one to add to. */
    PaneElements toAddTo() {
        if (!handedOut) {
            return this;
        }
        PaneElements copy = new PaneElements();
        copy.elements = Arrays.copyOf(elements, Math.max(4, size * 2));
        copy.arrivals = Arrays.copyOf(arrivals, copy.elements.length);
        copy.size = size;
        return copy;
    }

    void add(Object element, long arrival) {
        if (elements == null) {
            elements = new Object[4];
            arrivals = new long[4];
        } else if (size == elements.length) {
            elements = Arrays.copyOf(elements, size * 2);
            arrivals = Arrays.copyOf(arrivals, size * 2);
        }
        elements[size] = element;
        arrivals[size++] = arrival;
    }

    /** This pane as a window's input: from now on it does not change. */
    PaneElements handOut() {
        handedOut = true;
        return this;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Object get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + ", size " + size);
        }
        return elements[index];
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
