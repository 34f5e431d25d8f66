package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Session timers that {@link SessionTimerBuckets} does not hold, far ahead of the watermark or
 * registered at or before one already taken out to: a four-ary min-heap of entry ids by time, then
 * registration, each entry's heap index kept in {@link SessionTimerEntries#places}.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTimerHeap {

    private final SessionTimerEntries entries;
    private int[] heap = new int[16];
    private int size;

    SessionTimerHeap(SessionTimerEntries entries) {
        this.entries = entries;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The id of the first timer to fire; the heap must not be empty. */
    int first() {
        return heap[0];
    }

    void add(int id) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        siftUp(id, size++);
    }

    /** Removes the timer {@code id}, which is in the heap. */
    void remove(int id) {
        int at = entries.places[id];
        int last = heap[--size];
        if (at < size) {
            siftDown(last, at);
            if (heap[at] == last) {
                siftUp(last, at);
            }
        }
    }

    private void siftUp(int id, int at) {
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (!entries.firesBefore(id, heap[parent])) {
                break;
            }
            place(heap[parent], at);
            at = parent;
        }
        place(id, at);
    }

    private void siftDown(int id, int at) {
        while (true) {
            int child = 4 * at + 1;
            if (child >= size) {
                break;
            }
            for (int c = child + 1, end = Math.min(child + 4, size); c < end; c++) {
                if (entries.firesBefore(heap[c], heap[child])) {
                    child = c;
                }
            }
            if (!entries.firesBefore(heap[child], id)) {
                break;
            }
            place(heap[child], at);
            at = child;
        }
        place(id, at);
    }

    private void place(int id, int at) {
        heap[at] = id;
        entries.places[id] = at;
    }
}
