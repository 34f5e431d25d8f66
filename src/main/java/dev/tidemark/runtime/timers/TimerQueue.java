package dev.tidemark.runtime.timers;

import java.util.Arrays;
import java.util.Objects;
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
 * to delete; unlinking it costs O(1), or O(log n) if it was alone in its chain. A timer is a slot in
 * {@link TimerSlots}, not an object: the heap, the chains and the index hold slot numbers, and a
 * timer that fires is read from its slot ({@link #pollUpTo}), so registering and firing allocate
 * nothing.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class TimerQueue<K, N> {

    private final TimerSlots<K, N> slots = new TimerSlots<>();
    private final TimerIndex<K, N> index = new TimerIndex<>(slots);
    private final ChainsByTimestamp chainsByTimestamp = new ChainsByTimestamp();
    private int[] heap = new int[16]; // the slot of each chain's head
    private long[] times = new long[16]; // each head's timestamp beside it: sifting reads no timer
    private int chains;
    private int size;
    private int lastAdded = -1; // a window registers the same timer twice per element (trigger, cleanup)
    private K polledKey; // the timer pollUpTo removed last
    private N polledNamespace;
    private long polledTimestamp;

    /**
     * Adds a timer unless an equal one is already there.
     *
     * @return whether the earliest timer changed
     */
    public boolean add(K key, N namespace, long timestamp) {
        int last = lastAdded;
        if (last >= 0 && slots.isPending(last) && slots.key(last) == key
                && slots.namespace(last) == namespace && slots.timestamp(last) == timestamp) {
            return false; // the same objects as the previous registration, still pending: no lookup at all
        }
        if (index.find(key, namespace, timestamp) >= 0) {
            return false; // the common case in windows (one timer per window, many elements)
        }
        int timer = slots.allocate(Objects.requireNonNull(key), Objects.requireNonNull(namespace),
                timestamp, TimerIndex.hash(key, namespace, timestamp));
        index.add(timer);
        lastAdded = timer;
        size++;
        int head = chainsByTimestamp.get(timestamp);
        if (head >= 0) {
            int tail = slots.prev(head);
            slots.setNext(tail, timer);
            slots.setPrev(timer, tail);
            slots.setNext(timer, head);
            slots.setPrev(head, timer);
            return false;
        }
        slots.setPrev(timer, timer);
        slots.setNext(timer, timer);
        chainsByTimestamp.put(timestamp, timer);
        return heapAdd(timer, timestamp);
    }

    /**
     * Removes the timer equal to (key, namespace, timestamp), if there is one.
     *
     * @return whether the earliest timer changed
     */
    public boolean remove(K key, N namespace, long timestamp) {
        int timer = index.remove(key, namespace, timestamp);
        if (timer < 0) {
            return false;
        }
        size--;
        boolean wasFirst = slots.heapIndex(timer) == 0;
        unlink(timer);
        slots.free(timer);
        return wasFirst;
    }

    public boolean isEmpty() {
        return chains == 0;
    }

    /**
     * The earliest timer's timestamp.
     *
     * @throws IllegalStateException if no timer is pending
     */
    public long peekTimestamp() {
        if (chains == 0) {
            throw new IllegalStateException("no timer is pending");
        }
        return times[0];
    }

    /**
     * Removes the earliest timer if it is due at {@code time} (its timestamp is not after it); its
     * key, namespace and timestamp are then {@link #polledKey}, {@link #polledNamespace} and
     * {@link #polledTimestamp} until the next poll.
     *
     * @return whether a timer was due
     */
    public boolean pollUpTo(long time) {
        if (chains == 0 || times[0] > time) {
            return false;
        }
        int first = heap[0];
        polledKey = slots.key(first);
        polledNamespace = slots.namespace(first);
        polledTimestamp = slots.timestamp(first);
        index.remove(first);
        size--;
        unlink(first);
        slots.free(first);
        return true;
    }

    public K polledKey() {
        return polledKey;
    }

    public N polledNamespace() {
        return polledNamespace;
    }

    public long polledTimestamp() {
        return polledTimestamp;
    }

    public int size() {
        return size;
    }

    /** Every pending timer, for snapshots: each chain in registration order. */
    public void forEach(Consumer<InternalTimer<K, N>> action) {
        for (int i = 0; i < chains; i++) {
            int t = heap[i];
            do {
                action.accept(new InternalTimer<>(slots.key(t), slots.namespace(t), slots.timestamp(t)));
                t = slots.next(t);
            } while (t != heap[i]);
        }
    }

    /** Takes {@code timer} out of its chain (and, if it heads it, out of the heap); its slot is the caller's to free. */
    private void unlink(int timer) {
        int next = slots.next(timer);
        int at = slots.heapIndex(timer);
        if (at >= 0) {
            slots.setHeapIndex(timer, -1);
            long timestamp = slots.timestamp(timer);
            if (next == timer) {
                heapRemoveAt(at);
                chainsByTimestamp.remove(timestamp);
            } else {
                place(next, timestamp, at); // same timestamp: the heap order holds
                chainsByTimestamp.put(timestamp, next);
            }
        }
        if (next != timer) {
            int prev = slots.prev(timer);
            slots.setNext(prev, next);
            slots.setPrev(next, prev);
        }
    }

    /** @return whether {@code head} became the earliest */
    private boolean heapAdd(int head, long time) {
        if (chains == heap.length) {
            heap = Arrays.copyOf(heap, chains * 2);
            times = Arrays.copyOf(times, chains * 2);
        }
        siftUp(head, time, chains++);
        return heap[0] == head;
    }

    private void heapRemoveAt(int at) {
        chains--;
        int last = heap[chains];
        long time = times[chains];
        if (at == chains) {
            return;
        }
        if (at > 0 && time < times[(at - 1) >>> 2]) {
            siftUp(last, time, at);
        } else {
            siftDown(last, time, at);
        }
    }

    private void siftUp(int head, long time, int at) {
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

    private void siftDown(int head, long time, int at) {
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

    private void place(int head, long time, int at) {
        heap[at] = head;
        times[at] = time;
        slots.setHeapIndex(head, at); // a store: nothing waits for it
    }
}
