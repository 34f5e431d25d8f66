package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * The pending timers of {@link SessionTimers}, each an entry in parallel arrays found by its id
 * (which its session keeps), rather than an object: a timer that moves between the buckets, the heap
 * and the due timers keeps its id, and each of them records where it is in {@link #places}, not in
 * the session. Freed ids are taken again in the order they were freed, so timers registered in time
 * order lie near each other in the order they fire.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTimerEntries {

    /** The place of a free entry. */
    static final int FREE = -1;
    /** The place of an entry in a bucket of {@link SessionTimerBuckets}. */
    static final int IN_BUCKET = -2;
    /** The place of an entry taken out into {@link DueTimers}. */
    static final int DUE = -3;
    /** The place of an entry deleted while among the due timers: freed when they pass it. */
    static final int DROPPED = -4;

    Session[] sessions = new Session[64];
    boolean[] cleanups = new boolean[64];
    long[] times = new long[64];
    long[] registrations = new long[64];
    int[] places = new int[64]; // FREE, IN_BUCKET, DUE, DROPPED, or its index in SessionTimerHeap
    int[] next = new int[64]; // the next entry in its bucket, or the next free entry; -1 for none
    int[] previous = new int[64]; // the previous entry in its bucket; -1 for none
    private int firstFree = -1;
    private int lastFree = -1;
    private int highWater; // ids at and above it were never used

    /** A new entry for the timer, its place not yet set. */
    int allocate(Session session, boolean cleanup, long time, long registration) {
        int id = firstFree;
        if (id >= 0) {
            firstFree = next[id];
            if (firstFree < 0) {
                lastFree = -1;
            }
        } else {
            if (highWater == times.length) {
                grow();
            }
            id = highWater++;
        }
        sessions[id] = session;
        cleanups[id] = cleanup;
        times[id] = time;
        registrations[id] = registration;
        return id;
    }

    /** Frees the entry: its id goes to the end of the free ones. */
    void free(int id) {
        sessions[id] = null;
        places[id] = FREE;
        next[id] = -1;
        if (lastFree >= 0) {
            next[lastFree] = id;
        } else {
            firstFree = id;
        }
        lastFree = id;
    }

    /** Whether the entry with id {@code id} fires before the one with id {@code other}. */
    boolean firesBefore(int id, int other) {
        return times[id] < times[other] || times[id] == times[other] && registrations[id] < registrations[other];
    }

    /** Every pending timer, in no particular order. */
    void forEach(SessionTimers.TimerConsumer action) {
        for (int id = 0; id < highWater; id++) {
            if (places[id] != FREE && places[id] != DROPPED) {
                action.accept(sessions[id], cleanups[id], times[id], registrations[id]);
            }
        }
    }

    private void grow() {
        int capacity = times.length * 2;
        sessions = Arrays.copyOf(sessions, capacity);
        cleanups = Arrays.copyOf(cleanups, capacity);
        times = Arrays.copyOf(times, capacity);
        registrations = Arrays.copyOf(registrations, capacity);
        places = Arrays.copyOf(places, capacity);
        next = Arrays.copyOf(next, capacity);
        previous = Arrays.copyOf(previous, capacity);
    }
}
