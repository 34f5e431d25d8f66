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
        // out of order means two panes or more: panes and counts hold them all
        private final int[] next = new int[paneCount]; // per pane: the index of its next element
        private final long[] heads = new long[paneCount]; // per pane: its next element's arrival number
        private final int[] heap = new int[paneCount]; // panes with elements left, by their heads
        private int left;

        ByArrival() {
            for (int p = 0; p < paneCount; p++) {
                heads[p] = panes[p].arrivalAt(0);
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
            PaneElements pane = panes[p];
            int index = next[p]++;
            Object element = pane.elementAt(index);
            if (index + 1 == counts[p]) {
                heap[0] = heap[--left];
            } else {
                heads[p] = pane.arrivalAt(index + 1);
            }
            down();
            return (T) element;
        }

        private void up(int at) {
            int p = heap[at];
            long head = heads[p];
            while (at > 0) {
                int parent = (at - 1) >>> 1;
                if (heads[heap[parent]] <= head) {
                    break;
                }
                heap[at] = heap[parent];
                at = parent;
            }
            heap[at] = p;
        }

        /** Moves the root down to its place. */
        private void down() {
            if (left == 0) {
                return;
            }
            int at = 0;
            int p = heap[0];
            long head = heads[p];
            while (true) {
                int child = 2 * at + 1;
                if (child >= left) {
                    break;
                }
                if (child + 1 < left && heads[heap[child + 1]] < heads[heap[child]]) {
                    child++;
                }
                if (head <= heads[heap[child]]) {
                    break;
                }
                heap[at] = heap[child];
                at = child;
            }
            heap[at] = p;
        }
    }
}
