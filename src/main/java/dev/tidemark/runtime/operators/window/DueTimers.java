package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Session timers a watermark has reached, taken out of {@link SessionTimerBuckets} together, sorted
 * into firing order (time, then registration) a bucket at a time, and handed out front to back.
 *
 * <p>A timer taken out can still be deleted before its turn: it is marked
 * {@link SessionTimerEntries#DROPPED}, skipped, and its entry freed when the turn passes it (not
 * before, so that no new timer takes its id while it is listed here).
 *
 * <p>Threading: the owning task's thread only.
 */
final class DueTimers {

    private static final int INSERTION_SORT_RUN = 24;

    private final SessionTimerEntries entries;
    private int[] order = new int[64]; // entry ids, in firing order once sorted
    private long[] orderTimes = new long[64]; // each id's time beside it, so that sorting reads no other array
    private int[] scratch = new int[64];
    private long[] scratchTimes = new long[64];
    private int size;
    private int next; // in order

    DueTimers(SessionTimerEntries entries) {
        this.entries = entries;
    }

    /** Where the next timer added will be: give it to {@link #sortFrom} once timers are added. */
    int end() {
        return size;
    }

    /** Adds the timer {@code id}, after every timer added before it. */
    void add(int id) {
        if (size == order.length) {
            int capacity = size * 2;
            order = Arrays.copyOf(order, capacity);
            orderTimes = Arrays.copyOf(orderTimes, capacity);
            scratch = new int[capacity];
            scratchTimes = new long[capacity];
        }
        order[size] = id;
        orderTimes[size++] = entries.times[id];
        entries.places[id] = SessionTimerEntries.DUE;
    }

    /** Sorts the timers added since {@link #end} returned {@code from}. */
    void sortFrom(int from) {
        sort(from, size);
    }

    /** The id of the first timer left, or -1. */
    int first() {
        while (next < size && entries.places[order[next]] == SessionTimerEntries.DROPPED) {
            entries.free(order[next++]);
        }
        if (next == size) {
            size = next = 0;
            return -1;
        }
        return order[next];
    }

    /** Moves past the first timer, which {@link #first} returned. */
    void advance() {
        next++;
    }

    /** Marks the timer {@code id}, taken out and not handed out, deleted. */
    void drop(int id) {
        entries.places[id] = SessionTimerEntries.DROPPED;
        entries.sessions[id] = null;
    }

    private boolean firesBefore(long time, int id, long otherTime, int other) {
        return time < otherTime || time == otherTime && entries.registrations[id] < entries.registrations[other];
    }

    /**
     * Merge sort of {@code order[from, to)}, carrying each id's time beside it: comparisons read the
     * registration only on equal times. No boxing, and no comparator call per comparison.
     */
    private void sort(int from, int to) {
        if (to - from <= INSERTION_SORT_RUN) {
            for (int i = from + 1; i < to; i++) {
                int id = order[i];
                long time = orderTimes[i];
                int j = i - 1;
                while (j >= from && firesBefore(time, id, orderTimes[j], order[j])) {
                    order[j + 1] = order[j];
                    orderTimes[j + 1] = orderTimes[j];
                    j--;
                }
                order[j + 1] = id;
                orderTimes[j + 1] = time;
            }
            return;
        }
        int middle = (from + to) >>> 1;
        sort(from, middle);
        sort(middle, to);
        if (!firesBefore(orderTimes[middle], order[middle], orderTimes[middle - 1], order[middle - 1])) {
            return; // already in order
        }
        System.arraycopy(order, from, scratch, from, to - from);
        System.arraycopy(orderTimes, from, scratchTimes, from, to - from);
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            boolean takeLeft = right >= to || left < middle
                    && !firesBefore(scratchTimes[right], scratch[right], scratchTimes[left], scratch[left]);
            int taken = takeLeft ? left++ : right++;
            order[i] = scratch[taken];
            orderTimes[i] = scratchTimes[taken];
        }
    }
}
