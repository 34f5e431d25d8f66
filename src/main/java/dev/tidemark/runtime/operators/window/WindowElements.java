package dev.tidemark.runtime.operators.window;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * One key's elements in one window, read from the key's {@link PaneElements} in the window's panes,
 * in arrival order: what the window function gets, read-only. Each pane's part is fixed when it is
 * added (elements that come to the pane later belong to later windows), so the view stays what it
 * was when the window fired.
 *
 * <p>Panes are added in the order they start. Their elements are in arrival order already when
 * each pane's first element came after the previous pane's last (in-order input): then the view
 * reads them pane by pane. Otherwise (an element came late into an earlier pane) an iterator merges
 * the panes by arrival number as it goes. Iterating is the fast way: {@code get(i)} walks the panes,
 * or, out of order, reads a copy made once.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowElements<T> extends AbstractList<T> {

    private PaneElements firstPane; // where keys are sparse, a window's elements are mostly in one pane
    private int firstCount;
    private PaneElements[] panes; // from the second pane on: all of them
    private int[] counts; // how many of each pane's elements are the window's
    private int paneCount;
    private int size;
    private boolean inArrivalOrder = true;
    private Object[] sorted; // the elements in arrival order, for get(i) out of order, once needed

    /** Adds the elements {@code pane} holds now; panes must come in the order they start. */
    void addPane(PaneElements pane) {
        int count = pane.size();
        if (count == 0) {
            return;
        }
        if (paneCount == 0) {
            firstPane = pane;
            firstCount = count;
        } else {
            inArrivalOrder &= paneAt(paneCount - 1).arrivalAt(countAt(paneCount - 1) - 1) < pane.arrivalAt(0);
            if (panes == null) {
                panes = new PaneElements[] {firstPane, null, null, null};
                counts = new int[] {firstCount, 0, 0, 0};
            } else if (paneCount == panes.length) {
                panes = Arrays.copyOf(panes, paneCount * 2);
                counts = Arrays.copyOf(counts, paneCount * 2);
            }
            panes[paneCount] = pane;
            counts[paneCount] = count;
        }
        paneCount++;
        size += count;
        sorted = null;
    }

    private PaneElements paneAt(int p) {
        return p == 0 ? firstPane : panes[p];
    }

    private int countAt(int p) {
        return p == 0 ? firstCount : counts[p];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("index " + index + ", size " + size);
        }
        if (!inArrivalOrder) {
            return (T) sorted()[index];
        }
        int p = 0;
        while (index >= countAt(p)) {
            index -= countAt(p++);
        }
        return (T) paneAt(p).elementAt(index);
    }

    @Override
    public Iterator<T> iterator() {
        return inArrivalOrder ? new PaneByPane() : new ByArrival();
    }

    /** The elements in arrival order, copied once: for {@code get(i)} on panes out of order. */
    private Object[] sorted() {
        if (sorted == null) {
            Object[] copy = new Object[size];
            int at = 0;
            for (Iterator<T> elements = iterator(); elements.hasNext(); ) {
                copy[at++] = elements.next();
            }
            sorted = copy;
        }
        return sorted;
    }

    /** Reads in-order panes one after the other, without an index walk per element. */
    private final class PaneByPane implements Iterator<T> {
        private int pane;
        private int index;

        @Override
        public boolean hasNext() {
            return pane < paneCount;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T next() {
            if (pane >= paneCount) {
                throw new NoSuchElementException();
            }
            Object element = paneAt(pane).elementAt(index);
            if (++index == countAt(pane)) {
                pane++;
                index = 0;
            }
            return (T) element;
        }
    }

    /**
     * Merges the panes' elements by arrival number, without copying them: a heap of the panes by
     * the arrival number of each one's next element (each pane is in arrival order already).
     */
    private final class ByArrival implements Iterator<T> {
        private final int[] next = new int[paneCount]; // per pane: the index of its next element
        private final int[] heap = new int[paneCount]; // panes with elements left, by their next's arrival
        private int left;

        ByArrival() {
            for (int p = 0; p < paneCount; p++) {
                heap[left++] = p;
                up(left - 1);
            }
        }

        @Override
        public boolean hasNext() {
            return left > 0;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T next() {
            if (left == 0) {
                throw new NoSuchElementException();
            }
            int p = heap[0];
            Object element = paneAt(p).elementAt(next[p]);
            if (++next[p] == countAt(p)) {
                heap[0] = heap[--left];
            }
            down(0);
            return (T) element;
        }

        private long arrival(int p) {
            return paneAt(p).arrivalAt(next[p]);
        }

        private void up(int at) {
            int p = heap[at];
            long arrival = arrival(p);
            while (at > 0) {
                int parent = (at - 1) >>> 1;
                if (arrival(heap[parent]) <= arrival) {
                    break;
                }
                heap[at] = heap[parent];
                at = parent;
            }
            heap[at] = p;
        }

        private void down(int at) {
            if (left == 0) {
                return;
            }
            int p = heap[at];
            long arrival = arrival(p);
            while (true) {
                int child = 2 * at + 1;
                if (child >= left) {
                    break;
                }
                if (child + 1 < left && arrival(heap[child + 1]) < arrival(heap[child])) {
                    child++;
                }
                if (arrival <= arrival(heap[child])) {
                    break;
                }
                heap[at] = heap[child];
                at = child;
            }
            heap[at] = p;
        }
    }
}
