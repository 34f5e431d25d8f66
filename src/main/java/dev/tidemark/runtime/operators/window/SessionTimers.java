package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * The timers of open sessions: each session has at most a firing timer (at its last timestamp) and
 * a cleanup timer (at its last timestamp plus the allowed lateness; without lateness the firing
 * timer cleans up too). They fire by time, then in the order they were registered: the general
 * operator's timer order, which these timers follow registration for registration.
 *
 * <p>A four-ary min-heap whose entries know their session, and whose sessions know their entries'
 * places, so a timer of a session that grows moves in place rather than leaving a stale entry
 * behind. Each entry's order (time, registration) lies beside it in arrays, so sifting compares
 * without reaching into sessions. A periodic watermark can leave a hundred thousand sessions open,
 * where every level is a cache miss: four children per level halve the levels of a binary heap.
 * (Leaving stale entries behind instead of moving them measured slower: a larger heap, and a
 * session to look at per stale entry.)
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTimers {

    /** What a snapshot gets for each timer. */
    @FunctionalInterface
    interface TimerConsumer {
        void accept(Session session, boolean cleanup, long time, long registration);
    }

    private Session[] sessions = new Session[64];
    private long[] times = new long[64];
    private long[] registrations = new long[64];
    private boolean[] cleanups = new boolean[64];
    private int size;
    private long registered;

    /**
     * Registers {@code session}'s firing or cleanup timer at {@code time}. One it has at that time
     * stays where it is, as the general operator keeps an equal timer; one at another time is
     * replaced.
     */
    void register(Session session, boolean cleanup, long time) {
        int at = cleanup ? session.cleanupAt : session.fireAt;
        if (at >= 0) {
            if (times[at] == time) {
                return;
            }
            removeAt(at);
        }
        if (size == sessions.length) {
            sessions = Arrays.copyOf(sessions, size * 2);
            times = Arrays.copyOf(times, size * 2);
            registrations = Arrays.copyOf(registrations, size * 2);
            cleanups = Arrays.copyOf(cleanups, size * 2);
        }
        siftUp(session, cleanup, time, registered++, size++);
    }

    /**
     * Registers {@code session}'s firing or cleanup timer at {@code time}, no earlier than the one
     * it has, as a new timer after every other: what deleting the timer of a session's old bounds
     * and registering one for its wider bounds amounts to. One it has moves in place, and can only
     * sink.
     */
    void registerAnew(Session session, boolean cleanup, long time) {
        int at = cleanup ? session.cleanupAt : session.fireAt;
        if (at < 0) {
            register(session, cleanup, time);
        } else {
            siftDown(session, cleanup, time, registered++, at);
        }
    }

    /** Deletes {@code session}'s firing or cleanup timer, if it has one. */
    void delete(Session session, boolean cleanup) {
        int at = cleanup ? session.cleanupAt : session.fireAt;
        if (at >= 0) {
            removeAt(at);
        }
    }

    /** The session of the first timer, if the watermark has reached it, else {@code null}. */
    Session due(long watermark) {
        return size > 0 && times[0] <= watermark ? sessions[0] : null;
    }

    /** Whether the first timer is a cleanup timer. */
    boolean dueIsCleanup() {
        return cleanups[0];
    }

    long dueTime() {
        return times[0];
    }

    /** Removes the first timer. */
    void removeDue() {
        removeAt(0);
    }

    int size() {
        return size;
    }

    /** Every timer, in no particular order. */
    void forEach(TimerConsumer action) {
        for (int i = 0; i < size; i++) {
            action.accept(sessions[i], cleanups[i], times[i], registrations[i]);
        }
    }

    private void removeAt(int at) {
        setIndex(sessions[at], cleanups[at], -1);
        int last = --size;
        Session moved = sessions[last];
        boolean cleanup = cleanups[last];
        long time = times[last];
        long registration = registrations[last];
        sessions[last] = null;
        if (at < last) {
            siftDown(moved, cleanup, time, registration, at);
            if (sessions[at] == moved && cleanups[at] == cleanup) {
                siftUp(moved, cleanup, time, registration, at);
            }
        }
    }

    private static boolean firesBefore(long time, long registration, long otherTime, long otherRegistration) {
        return time < otherTime || time == otherTime && registration < otherRegistration;
    }

    private void siftUp(Session session, boolean cleanup, long time, long registration, int at) {
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (!firesBefore(time, registration, times[parent], registrations[parent])) {
                break;
            }
            move(parent, at);
            at = parent;
        }
        set(at, session, cleanup, time, registration);
    }

    private void siftDown(Session session, boolean cleanup, long time, long registration, int at) {
        while (true) {
            int first = 4 * at + 1;
            if (first >= size) {
                break;
            }
            int child = first;
            for (int c = first + 1, last = Math.min(first + 4, size); c < last; c++) {
                if (firesBefore(times[c], registrations[c], times[child], registrations[child])) {
                    child = c;
                }
            }
            if (!firesBefore(times[child], registrations[child], time, registration)) {
                break;
            }
            move(child, at);
            at = child;
        }
        set(at, session, cleanup, time, registration);
    }

    private void move(int from, int to) {
        set(to, sessions[from], cleanups[from], times[from], registrations[from]);
    }

    private void set(int at, Session session, boolean cleanup, long time, long registration) {
        sessions[at] = session;
        cleanups[at] = cleanup;
        times[at] = time;
        registrations[at] = registration;
        setIndex(session, cleanup, at); // a store: nothing waits for it
    }

    private static void setIndex(Session session, boolean cleanup, int at) {
        if (cleanup) {
            session.cleanupAt = at;
        } else {
            session.fireAt = at;
        }
    }
}
