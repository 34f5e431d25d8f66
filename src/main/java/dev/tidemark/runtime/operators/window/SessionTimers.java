package dev.tidemark.runtime.operators.window;

/**
 * The timers of open sessions: each session has at most a firing timer (at its last timestamp) and
 * a cleanup timer (at its last timestamp plus the allowed lateness; without lateness the firing
 * timer cleans up too). They fire by time, then in the order they were registered: the general
 * operator's timer order, which these timers follow registration for registration.
 *
 * <p>A session's timers are entries in arrays ({@link SessionTimerEntries}), whose ids it keeps, so
 * a timer of a session that grows moves rather than leaving a stale entry behind. Timers near the
 * watermark, nearly all of them, are in {@link SessionTimerBuckets} of a width fit for the
 * sessions' gap: registering, moving or deleting one costs a link or an unlink, and a watermark
 * takes its due timers out bucket by bucket into {@link DueTimers}, each bucket's sorted there. The
 * others (far ahead, or registered at or before a watermark already taken out to) wait in a
 * {@link SessionTimerHeap}, from which timers move into the buckets as the watermark nears them, and
 * due ones are merged with the taken-out ones in firing order. A heap for every timer cost a walk
 * down its levels per timer fired, with a cache miss per level: most of the time of a job whose
 * sessions mostly hold one element each.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTimers {

    /** What a snapshot gets for each timer. */
    @FunctionalInterface
    interface TimerConsumer {
        void accept(Session session, boolean cleanup, long time, long registration);
    }

    /** A session's id for a timer it does not have. */
    private static final int NONE = -1;

    private final SessionTimerEntries entries = new SessionTimerEntries();
    private final SessionTimerBuckets buckets;
    private final SessionTimerHeap far = new SessionTimerHeap(entries);
    private final DueTimers taken = new DueTimers(entries);
    private long takenOutTo = Long.MIN_VALUE; // the latest watermark whose due timers left the buckets
    private long registered;
    private int size;
    private int due = -1; // the id {@link #due} returned last

    /**
     * @param horizonMillis how far ahead of the watermark most timers will be (the sessions' gap
     *     plus the allowed lateness): the buckets reach four times as far; 0 for about a minute
     */
    SessionTimers(long horizonMillis) {
        this.buckets = new SessionTimerBuckets(entries, SessionTimerBuckets.shiftFor(horizonMillis));
    }

    /**
     * Registers {@code session}'s firing or cleanup timer at {@code time}. One it has at that time
     * stays where it is, as the general operator keeps an equal timer; one at another time is
     * replaced.
     */
    void register(Session session, boolean cleanup, long time) {
        int id = idOf(session, cleanup);
        if (id != NONE) {
            if (entries.times[id] == time) {
                return;
            }
            remove(id);
        }
        add(session, cleanup, time);
    }

    /**
     * Registers {@code session}'s firing or cleanup timer at {@code time} as a new timer after every
     * other: what deleting the timer of a session's old bounds and registering one for its wider
     * bounds amounts to.
     */
    void registerAnew(Session session, boolean cleanup, long time) {
        delete(session, cleanup);
        add(session, cleanup, time);
    }

    /** Deletes {@code session}'s firing or cleanup timer, if it has one. */
    void delete(Session session, boolean cleanup) {
        int id = idOf(session, cleanup);
        if (id != NONE) {
            remove(id);
        }
    }

    private void add(Session session, boolean cleanup, long time) {
        int id = entries.allocate(session, cleanup, time, registered++);
        setId(session, cleanup, id);
        if (time > takenOutTo && buckets.accepts(time)) {
            buckets.add(id);
        } else {
            far.add(id);
        }
        size++;
    }

    private void remove(int id) {
        int place = entries.places[id];
        setId(entries.sessions[id], entries.cleanups[id], NONE);
        if (place == SessionTimerEntries.DUE) {
            taken.drop(id); // freed when the due timers pass it
        } else {
            if (place == SessionTimerEntries.IN_BUCKET) {
                buckets.remove(id);
            } else {
                far.remove(id);
            }
            entries.free(id);
        }
        size--;
    }

    /**
     * The session of the first timer, if the watermark has reached it, else {@code null}; the timer
     * stays first until {@link #removeDue}.
     */
    Session due(long watermark) {
        if (watermark > takenOutTo) {
            takeOutDue(watermark);
        }
        int first = taken.first();
        if (first >= 0 && entries.times[first] > watermark) {
            first = -1; // taken out to a later watermark than this one
        }
        if (!far.isEmpty() && entries.times[far.first()] <= watermark
                && (first < 0 || entries.firesBefore(far.first(), first))) {
            first = far.first();
        }
        due = first;
        return first < 0 ? null : entries.sessions[first];
    }

    /** Whether the first timer is a cleanup timer. */
    boolean dueIsCleanup() {
        return entries.cleanups[due];
    }

    long dueTime() {
        return entries.times[due];
    }

    /** Removes the first timer, which {@link #due} returned. */
    void removeDue() {
        int id = due;
        setId(entries.sessions[id], entries.cleanups[id], NONE);
        if (entries.places[id] == SessionTimerEntries.DUE) {
            taken.advance();
        } else {
            far.remove(id);
        }
        entries.free(id);
        size--;
        due = -1;
    }

    int size() {
        return size;
    }

    /** Every timer, in no particular order. */
    void forEach(TimerConsumer action) {
        entries.forEach(action);
    }

    /**
     * Takes the timers due at {@code watermark} out of the buckets; then moves the heap's
     * timers that the buckets now reach into them.
     */
    private void takeOutDue(long watermark) {
        takenOutTo = watermark;
        buckets.takeOut(watermark, taken);
        while (!far.isEmpty()) {
            int id = far.first();
            long time = entries.times[id];
            if (time <= watermark || !buckets.accepts(time)) {
                break; // due (it fires from the heap), or still beyond the buckets
            }
            far.remove(id);
            buckets.add(id);
        }
    }

    private int idOf(Session session, boolean cleanup) {
        return cleanup ? session.cleanupAt : session.fireAt;
    }

    private static void setId(Session session, boolean cleanup, int id) {
        if (cleanup) {
            session.cleanupAt = id;
        } else {
            session.fireAt = id;
        }
    }
}
