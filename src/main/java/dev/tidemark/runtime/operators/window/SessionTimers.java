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
 * <p>A watermark that makes many timers due at once (a periodic watermark at replay speed passes
 * most of the heap) takes them out together: after {@link #MIN_POPS}, or an eighth of the heap,
 * popped at one watermark, the rest that are due move into {@link DueTimers} in one pass, sorted
 * there, and the timers left become a heap again. The pass and the heap rebuilt after it read the
 * whole heap, which costs about what a tenth of its pops would. A 64th measured slower once
 * watermarks came every 1,024 elements: each then passed a tenth of the heap, and the pass ran at
 * nearly every watermark to save a few pops.
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
    private final DueTimers batch = new DueTimers();
    private boolean dueFromBatch; // where the timer {@link #due} last returned is
    private long popsAt = Long.MIN_VALUE; // the watermark the pops are counted at
    private int pops;

    /** Pops at one watermark before the rest that are due are taken out together. */
    static final int MIN_POPS = 256;
    /** A session's index for a timer it does not have. */
    private static final int NONE = -1;

    /**
     * Registers {@code session}'s firing or cleanup timer at {@code time}. One it has at that time
     * stays where it is, as the general operator keeps an equal timer; one at another time is
     * replaced.
     */
    void register(Session session, boolean cleanup, long time) {
        int at = placeOf(session, cleanup);
        if (at >= 0) {
            if (times[at] == time) {
                return;
            }
            removeAt(at);
        } else if (at != NONE) { // a timer already due, taken out with others
            if (batch.timeAt(batchPlace(at)) == time) {
                return;
            }
            batch.drop(batchPlace(at));
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
        int at = placeOf(session, cleanup);
        if (at < 0) {
            register(session, cleanup, time);
        } else {
            siftDown(session, cleanup, time, registered++, at);
        }
    }

    /** Deletes {@code session}'s firing or cleanup timer, if it has one. */
    void delete(Session session, boolean cleanup) {
        int at = placeOf(session, cleanup);
        if (at >= 0) {
            removeAt(at);
        } else if (at != NONE) {
            batch.drop(batchPlace(at));
            setIndex(session, cleanup, NONE);
        }
    }

    /**
     * The session of the first timer, if the watermark has reached it, else {@code null}; the timer
     * stays first until {@link #removeDue}.
     */
    Session due(long watermark) {
        boolean heapDue = size > 0 && times[0] <= watermark;
        if (!batch.hasNext() && heapDue && countPop(watermark) >= Math.max(MIN_POPS, size >>> 3)) {
            takeOutDue(watermark);
            heapDue = size > 0 && times[0] <= watermark;
        }
        if (batch.hasNext() && (!heapDue || firesBefore(batch.time(), batch.registration(), times[0], registrations[0]))) {
            dueFromBatch = true;
            return batch.session();
        }
        dueFromBatch = false;
        return heapDue ? sessions[0] : null;
    }

    /** How many timers were popped at {@code watermark} before this one. */
    private int countPop(long watermark) {
        if (watermark != popsAt) {
            popsAt = watermark;
            pops = 0;
        }
        return pops++;
    }

    /** Whether the first timer is a cleanup timer. */
    boolean dueIsCleanup() {
        return dueFromBatch ? batch.cleanup() : cleanups[0];
    }

    long dueTime() {
        return dueFromBatch ? batch.time() : times[0];
    }

    /** Removes the first timer. */
    void removeDue() {
        if (dueFromBatch) {
            Session session = batch.session();
            setIndex(session, batch.cleanup(), NONE);
            batch.advance();
        } else {
            removeAt(0);
        }
    }

    int size() {
        return size + batch.size();
    }

    /** Every timer, in no particular order. */
    void forEach(TimerConsumer action) {
        for (int i = 0; i < size; i++) {
            action.accept(sessions[i], cleanups[i], times[i], registrations[i]);
        }
        batch.forEach(action);
    }

    /**
     * Moves every timer due at {@code watermark} into the batch, sorted, in one pass over the heap,
     * and makes a heap of the rest again (bottom up, in linear time).
     */
    private void takeOutDue(long watermark) {
        batch.reset(size);
        int kept = 0;
        for (int i = 0; i < size; i++) {
            Session session = sessions[i];
            boolean cleanup = cleanups[i];
            if (times[i] <= watermark) {
                setIndex(session, cleanup, batchIndex(batch.add(session, cleanup, times[i], registrations[i])));
            } else {
                if (kept < i) {
                    sessions[kept] = session;
                    cleanups[kept] = cleanup;
                    times[kept] = times[i];
                    registrations[kept] = registrations[i];
                }
                kept++;
            }
        }
        Arrays.fill(sessions, kept, size, null);
        size = kept;
        for (int i = 0; i < kept; i++) {
            setIndex(sessions[i], cleanups[i], i);
        }
        for (int i = (kept - 2) >>> 2; kept > 1 && i >= 0; i--) {
            siftDown(sessions[i], cleanups[i], times[i], registrations[i], i);
        }
        batch.sort();
    }

    /** Where {@code session}'s timer is: its heap index, {@link #NONE}, or a {@link #batchIndex}. */
    private static int placeOf(Session session, boolean cleanup) {
        return cleanup ? session.cleanupAt : session.fireAt;
    }

    /** What a session holds for its timer at {@code place} in the batch: below {@link #NONE}. */
    private static int batchIndex(int place) {
        return -2 - place;
    }

    /** The batch place of a session's timer whose index is {@code index}, a {@link #batchIndex}. */
    private static int batchPlace(int index) {
        return -2 - index;
    }

    private void removeAt(int at) {
        setIndex(sessions[at], cleanups[at], NONE);
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
