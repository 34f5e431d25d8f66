package dev.tidemark.runtime.operators.window;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.RandomAccess;

/**
 * One key's elements in one window, read from the key's {@link PaneElements} in the window's panes,
 * in arrival order: what the window function gets, read-only. Each pane's part is fixed when it is
 * added (elements that come to the pane later belong to later windows), so the view stays what it
 * was when the window fired.
 *
 * <p>Panes are added in the order they start. Their elements are in arrival order already when
 * each pane's first element came after the previous pane's last (in-order input): then the view
 * reads them pane by pane. Otherwise (an element came late into an earlier pane) they are put in
 * arrival order once, when first read.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowElements<T> extends AbstractList<T> implements RandomAccess {

    private PaneElements firstPane; // a window's elements are mostly in one pane (one per key and window)
    private int firstCount;
    private PaneElements[] panes; // from the second pane on: all of them
    private int[] counts; // how many of each pane's elements are the window's
    private int paneCount;
    private int size;
    private boolean inArrivalOrder = true;
    private Object[] sorted; // the elements in arrival order, once needed: only if !inArrivalOrder

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
        return inArrivalOrder ? new PaneByPane() : super.iterator(); // by get(i), from the sorted copy
    }

    /** The elements in arrival order, put so once. */
    private Object[] sorted() {
        if (sorted == null) {
            long[] arrivals = new long[size];
            Object[] elements = new Object[size];
            int at = 0;
            for (int p = 0; p < paneCount; p++) {
                PaneElements pane = paneAt(p);
                for (int i = 0; i < countAt(p); i++, at++) {
                    arrivals[at] = pane.arrivalAt(i);
                    elements[at] = pane.elementAt(i);
                }
            }
            int[] order = ArrivalOrder.of(arrivals, size);
            Object[] result = new Object[size];
            for (int i = 0; i < size; i++) {
                result[i] = elements[order[i]];
            }
            sorted = result;
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
}
