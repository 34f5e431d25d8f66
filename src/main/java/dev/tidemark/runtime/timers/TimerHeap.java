package dev.tidemark.runtime.timers;

import java.util.Arrays;

/**
 * A binary min-heap of timers ordered by timestamp, then by registration order (so equal timestamps
 * fire in the order they were registered, deterministically), with a {@link TimerIndex} that
 * deduplicates and finds a timer to delete in O(1) before an O(log n) removal.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class TimerHeap<K, N> {

    private final TimerIndex<K, N> index = new TimerIndex<>();
    @SuppressWarnings({"unchecked", "rawtypes"})
    private InternalTimer<K, N>[] heap = new InternalTimer[64];
    private int size;
    private long sequence;
    private InternalTimer<K, N> lastAdded; // a window registers the same timer twice per element (trigger, cleanup)

    /**
     * Adds a timer unless an equal one is already there.
     *
     * @return whether the earliest timer changed
     */
    public boolean add(K key, N namespace, long timestamp) {
        InternalTimer<K, N> last = lastAdded;
        if (last != null && last.heapIndex >= 0 && last.key() == key && last.namespace() == namespace
                && last.timestamp() == timestamp) {
            return false; // the same objects as the previous registration, still pending: no lookup at all
        }
        if (index.find(key, namespace, timestamp) != null) {
            return false; // the common case in windows (one timer per window, many elements): no allocation
        }
        InternalTimer<K, N> timer = InternalTimer.of(key, namespace, timestamp);
        index.add(timer);
        timer.sequence = sequence++;
        lastAdded = timer;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        heap[size] = timer;
        timer.heapIndex = size;
        siftUp(size++);
        return heap[0] == timer;
    }

    /**
     * Removes the timer equal to (key, namespace, timestamp), if there is one.
     *
     * @return whether the earliest timer changed
     */
    public boolean remove(K key, N namespace, long timestamp) {
        InternalTimer<K, N> timer = index.remove(key, namespace, timestamp);
        if (timer == null) {
            return false;
        }
        int at = timer.heapIndex;
        removeAt(at);
        return at == 0;
    }

    /** The earliest timer, or {@code null}. */
    public InternalTimer<K, N> peek() {
        return size == 0 ? null : heap[0];
    }

    /** Removes and returns the earliest timer, or {@code null}. */
    public InternalTimer<K, N> poll() {
        if (size == 0) {
            return null;
        }
        InternalTimer<K, N> head = heap[0];
        index.remove(head);
        removeAt(0);
        return head;
    }

    public int size() {
        return size;
    }

    private void removeAt(int at) {
        InternalTimer<K, N> removed = heap[at];
        removed.heapIndex = -1;
        size--;
        if (at == size) {
            heap[size] = null;
            return;
        }
        InternalTimer<K, N> last = heap[size];
        heap[size] = null;
        heap[at] = last;
        last.heapIndex = at;
        if (!siftUp(at)) {
            siftDown(at);
        }
    }

    private boolean siftUp(int at) {
        InternalTimer<K, N> timer = heap[at];
        int start = at;
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (!before(timer, heap[parent])) {
                break;
            }
            place(heap[parent], at);
            at = parent;
        }
        place(timer, at);
        return at != start;
    }

    private void siftDown(int at) {
        InternalTimer<K, N> timer = heap[at];
        int half = size >>> 1;
        while (at < half) {
            int child = 2 * at + 1;
            int right = child + 1;
            if (right < size && before(heap[right], heap[child])) {
                child = right;
            }
            if (!before(heap[child], timer)) {
                break;
            }
            place(heap[child], at);
            at = child;
        }
        place(timer, at);
    }

    private void place(InternalTimer<K, N> timer, int at) {
        heap[at] = timer;
        timer.heapIndex = at;
    }

    private static boolean before(InternalTimer<?, ?> a, InternalTimer<?, ?> b) {
        return a.timestamp() < b.timestamp() || (a.timestamp() == b.timestamp() && a.sequence < b.sequence);
    }

    /** Every pending timer, in no particular order, for snapshots. */
    public void forEach(java.util.function.Consumer<InternalTimer<K, N>> action) {
        for (int i = 0; i < size; i++) {
            action.accept(heap[i]);
        }
    }
}
