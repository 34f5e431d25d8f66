package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Session timers taken out of {@link SessionTimers} together because one watermark made many of
 * them due, sorted once into firing order (time, then registration) and handed out front to back.
 * A watermark that passes a hundred thousand sessions would otherwise pop them from the heap one
 * by one, each pop a walk down the levels with a cache miss per level and a write into every
 * session it moves.
 *
 * <p>A timer taken out can still be dropped ({@link #drop}) before its turn, by the place it was
 * given when added; a dropped timer is skipped.
 *
 * <p>Threading: the owning task's thread only.
 */
final class DueTimers {

    private static final int INSERTION_SORT_RUN = 24;

    private Session[] sessions = new Session[0];
    private boolean[] cleanups = new boolean[0];
    private long[] times = new long[0];
    private long[] registrations = new long[0];
    private int[] order = new int[0]; // places, in firing order
    private long[] orderTimes = new long[0]; // the time of each place in order, so that sorting reads no other array
    private int[] scratch = new int[0];
    private long[] scratchTimes = new long[0];
    private int size;
    private int next; // in order
    private int live;

    /** Empties the batch and makes room for {@code capacity} timers. */
    void reset(int capacity) {
        Arrays.fill(sessions, 0, size, null);
        if (sessions.length < capacity) {
            int length = Math.max(capacity, sessions.length * 2);
            sessions = new Session[length];
            cleanups = new boolean[length];
            times = new long[length];
            registrations = new long[length];
            order = new int[length];
            orderTimes = new long[length];
            scratch = new int[length];
            scratchTimes = new long[length];
        }
        size = 0;
        next = 0;
        live = 0;
    }

    /** Adds a timer; returns its place, by which {@link #drop} finds it. */
    int add(Session session, boolean cleanup, long time, long registration) {
        int place = size++;
        sessions[place] = session;
        cleanups[place] = cleanup;
        times[place] = time;
        registrations[place] = registration;
        order[place] = place;
        orderTimes[place] = time;
        live++;
        return place;
    }

    /** Sorts the timers added since {@link #reset} into firing order. */
    void sort() {
        sort(0, size);
        skipDropped();
    }

    /** Whether a timer is left. */
    boolean hasNext() {
        return next < size;
    }

    Session session() {
        return sessions[order[next]];
    }

    boolean cleanup() {
        return cleanups[order[next]];
    }

    long time() {
        return times[order[next]];
    }

    long registration() {
        return registrations[order[next]];
    }

    /** Moves past the first timer left. */
    void advance() {
        sessions[order[next++]] = null;
        live--;
        skipDropped();
    }

    /** The time of the timer at {@code place}. */
    long timeAt(int place) {
        return times[place];
    }

    /** Drops the timer at {@code place}, not yet handed out. */
    void drop(int place) {
        sessions[place] = null;
        live--;
        skipDropped();
    }

    /** How many timers are left. */
    int size() {
        return live;
    }

    /** Every timer left, in no particular order. */
    void forEach(SessionTimers.TimerConsumer action) {
        for (int i = next; i < size; i++) {
            int place = order[i];
            if (sessions[place] != null) {
                action.accept(sessions[place], cleanups[place], times[place], registrations[place]);
            }
        }
    }

    private void skipDropped() {
        while (next < size && sessions[order[next]] == null) {
            next++;
        }
    }

    /** Whether the timer at {@code place} with time {@code time} fires before the one at {@code other}. */
    private boolean firesBefore(long time, int place, long otherTime, int other) {
        return time < otherTime || time == otherTime && registrations[place] < registrations[other];
    }

    /**
     * Merge sort of {@code order[from, to)}, carrying each place's time beside it: comparisons read
     * the registration only on equal times. No boxing, and no comparator call per comparison.
     */
    private void sort(int from, int to) {
        if (to - from <= INSERTION_SORT_RUN) {
            for (int i = from + 1; i < to; i++) {
                int place = order[i];
                long time = orderTimes[i];
                int j = i - 1;
                while (j >= from && firesBefore(time, place, orderTimes[j], order[j])) {
                    order[j + 1] = order[j];
                    orderTimes[j + 1] = orderTimes[j];
                    j--;
                }
                order[j + 1] = place;
                orderTimes[j + 1] = time;
            }
            return;
        }
        int middle = (from + to) >>> 1;
        sort(from, middle);
        sort(middle, to);
        if (!firesBefore(orderTimes[middle], order[middle], orderTimes[middle - 1], order[middle - 1])) {
            return; // already in order: timers registered in time order come out of the heap nearly so
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
