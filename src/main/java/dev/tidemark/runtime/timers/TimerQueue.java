package dev.tidemark.runtime.timers;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Pending timers, ordered by timestamp and, for equal timestamps, by registration (so they fire
 * deterministically in the order they were registered).
 *
 * <p>The timers of one timestamp form a chain (a ring in registration order), found through
 * {@link ChainsByTimestamp}; only the head of each chain is in the min-heap. Windows and timers set
 * a fixed delay after their elements are why: thousands of timers share a timestamp, and the heap
 * holds one entry per distinct timestamp, small enough to stay in cache, where a heap of single
 * timers touched log n scattered timers per poll. Polling walks the chain (the successor takes its
 * head's place in the heap, no sifting), visiting timers, and the state they lead to, in the order
 * they were created. The heap is four-ary, with each head's timestamp in an array beside it, so a
 * sift compares four children in one cache line and reads no timer: where every timer has a
 * timestamp of its own, sifting is most of what the queue costs.
 *
 * <p>A {@link TimerIndex} deduplicates (one timer per key, namespace and timestamp) and finds a timer
 * to delete; unlinking it costs O(1), or O(log n) if it was alone in its chain.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class TimerQueue<K, N> {

    private final TimerIndex<K, N> index = new TimerIndex<>();
    private final ChainsByTimestamp<K, N> chainsByTimestamp = new ChainsByTimestamp<>();
    @SuppressWarnings({"unchecked", "rawtypes"})
    private InternalTimer<K, N>[] heap = new InternalTimer[16];
    private long[] times = new long[16]; // each head's timestamp beside it: sifting reads no timer
    private int chains;
    private int size;
    private InternalTimer<K, N> lastAdded; // a window registers the same timer twice per element (trigger, cleanup)

    /**
     * Adds a timer unless an equal one is already there.
     *
     * @return whether the earliest timer changed
     */
    public boolean add(K key, N namespace, long timestamp) {
        InternalTimer<K, N> last = lastAdded;
        if (last != null && last.isPending() && last.key() == key && last.namespace() == namespace
                && last.timestamp() == timestamp) {
            return false; // the same objects as the previous registration, still pending: no lookup at all
        }
        if (index.find(key, namespace, timestamp) != null) {
            return false; // the common case in windows (one timer per window, many elements): no allocation
        }
        InternalTimer<K, N> timer = InternalTimer.of(key, namespace, timestamp);
        index.add(timer);
        lastAdded = timer;
        size++;
        InternalTimer<K, N> head = chainsByTimestamp.get(timestamp);
        if (head != null) {
            InternalTimer<K, N> tail = head.prev;
            tail.next = timer;
            timer.prev = tail;
            timer.next = head;
            head.prev = timer;
            return false;
        }
        timer.prev = timer;
        timer.next = timer;
        chainsByTimestamp.put(timer);
        return heapAdd(timer);
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
        size--;
        boolean wasFirst = timer.heapIndex == 0;
        unlink(timer);
        return wasFirst;
    }

    /** The earliest timer, or {@code null}. */
    public InternalTimer<K, N> peek() {
        return chains == 0 ? null : heap[0];
    }

    /** Removes and returns the earliest timer, or {@code null}. */
    public InternalTimer<K, N> poll() {
        if (chains == 0) {
            return null;
        }
        InternalTimer<K, N> first = heap[0];
        index.remove(first);
        size--;
        unlink(first);
        return first;
    }

    public int size() {
        return size;
    }

    /** Every pending timer, for snapshots: each chain in registration order. */
    public void forEach(Consumer<InternalTimer<K, N>> action) {
        for (int i = 0; i < chains; i++) {
            InternalTimer<K, N> t = heap[i];
            do {
                action.accept(t);
                t = t.next;
            } while (t != heap[i]);
        }
    }

    private void unlink(InternalTimer<K, N> timer) {
        InternalTimer<K, N> next = timer.next;
        int at = timer.heapIndex;
        if (at >= 0) {
            timer.heapIndex = -1;
            InternalTimer<K, N> successor = next == timer ? null : next;
            if (successor == null) {
                heapRemoveAt(at);
                chainsByTimestamp.remove(timer.timestamp());
            } else {
                place(successor, timer.timestamp(), at); // same timestamp: the heap order holds
                chainsByTimestamp.put(successor);
            }
        }
        if (next != timer) {
            timer.prev.next = next;
            next.prev = timer.prev;
        }
        timer.prev = null;
        timer.next = null;
    }

    /** @return whether {@code head} became the earliest */
    private boolean heapAdd(InternalTimer<K, N> head) {
        if (chains == heap.length) {
            heap = Arrays.copyOf(heap, chains * 2);
            times = Arrays.copyOf(times, chains * 2);
        }
        siftUp(head, head.timestamp(), chains++);
        return heap[0] == head;
    }

    private void heapRemoveAt(int at) {
        chains--;
        InternalTimer<K, N> last = heap[chains];
        long time = times[chains];
        heap[chains] = null;
        if (at == chains) {
            return;
        }
        if (at > 0 && time < times[(at - 1) >>> 2]) {
            siftUp(last, time, at);
        } else {
            siftDown(last, time, at);
        }
    }

    private void siftUp(InternalTimer<K, N> head, long time, int at) {
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (time >= times[parent]) {
                break; // one chain per timestamp: no two heads tie
            }
            place(heap[parent], times[parent], at);
            at = parent;
        }
        place(head, time, at);
    }

    private void siftDown(InternalTimer<K, N> head, long time, int at) {
        while (true) {
            int first = 4 * at + 1;
            if (first >= chains) {
                break;
            }
            int child = first;
            for (int c = first + 1, end = Math.min(first + 4, chains); c < end; c++) {
                if (times[c] < times[child]) {
                    child = c;
                }
            }
            if (times[child] >= time) {
                break;
            }
            place(heap[child], times[child], at);
            at = child;
        }
        place(head, time, at);
    }

    private void place(InternalTimer<K, N> head, long time, int at) {
        heap[at] = head;
        times[at] = time;
        head.heapIndex = at; // a store: nothing waits for it
    }
}
