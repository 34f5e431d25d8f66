package dev.tidemark.runtime.operators.window;

import dev.tidemark.windowing.windows.TimeWindow;

/**
 * One open session of one key: its bounds, its accumulator, and where its timers stand in
 * {@link SessionTimers}. Mutable: a session grows in place as elements extend it, so
 * an element that lands in a session allocates nothing.
 *
 * <p>Threading: the owning task's thread only.
 */
final class Session {

    final Object key;
    final long longKey; // the key unboxed, in a table of long keys
    final int hash;
    long start;
    long end; // exclusive: the session's last timestamp is end - 1
    Object accumulator;
    int fireAt = -1; // the id of its firing timer in SessionTimers, or -1
    int cleanupAt = -1; // the id of its cleanup timer, or -1
    Session next; // the key's next earlier open session
    Session previous; // the key's next later open session
    java.util.TreeMap<Long, Session> byStart; // the key's sessions by start, once it has many; else null

    Session(Object key, long longKey, int hash, long start, long end, Object accumulator) {
        this.key = key;
        this.longKey = longKey;
        this.hash = hash;
        this.start = start;
        this.end = end;
        this.accumulator = accumulator;
    }

    long maxTimestamp() {
        return end - 1;
    }

    /** Whether {@code [start, end)} overlaps or touches this session: they merge. */
    boolean touches(long otherStart, long otherEnd) {
        return start <= otherEnd && end >= otherStart;
    }

    boolean covers(long otherStart, long otherEnd) {
        return start <= otherStart && end >= otherEnd;
    }

    /** The session as a window, for functions and snapshots. */
    TimeWindow window() {
        return new TimeWindow(start, end);
    }
}
