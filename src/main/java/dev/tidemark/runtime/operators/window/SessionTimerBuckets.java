package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Session timers near the watermark, in buckets of {@code 2^shift} milliseconds: a ring of
 * {@link #COUNT} buckets from the watermark's bucket on, each a list of its timers in the order
 * they were registered. Registering, moving and deleting a timer is a link or an unlink, whatever
 * the number of timers; a watermark takes out whole buckets, and of its own bucket the timers it
 * has reached. A timer beyond the ring's last bucket, or at or before a watermark already taken out
 * to, is not for the ring ({@link #accepts}): {@link SessionTimers} keeps it in a heap.
 *
 * <p>Each bucket keeps the least time it has held since it was last scanned, so the watermark's own
 * bucket is only scanned when a timer in it may be due.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionTimerBuckets {

    /** Buckets in the ring. */
    static final int COUNT = 1024;
    private static final long UNPLACED = Long.MIN_VALUE; // no bucket number is this low: times shift right

    private final SessionTimerEntries entries;
    private final int shift;
    private final int[] heads = new int[COUNT];
    private final int[] tails = new int[COUNT];
    private final long[] leastTimes = new long[COUNT]; // no timer in the bucket is earlier; MAX_VALUE when empty
    private long first = UNPLACED; // the number of the ring's first bucket: time >> shift

    /**
     * @param shift the bucket width's power of two, in milliseconds: the ring reaches
     *     {@code COUNT << shift} milliseconds ahead of the watermark
     */
    SessionTimerBuckets(SessionTimerEntries entries, int shift) {
        this.entries = entries;
        this.shift = shift;
        Arrays.fill(heads, -1);
        Arrays.fill(tails, -1);
        Arrays.fill(leastTimes, Long.MAX_VALUE);
    }

    /**
     * The bucket width for timers up to {@code horizonMillis} ahead of the watermark: wide enough
     * that the ring reaches four times as far, and at least 64 ms (a ring of about a minute).
     */
    static int shiftFor(long horizonMillis) {
        long width = Math.max(horizonMillis, 16_000) / (COUNT / 4);
        return Math.min(40, 64 - Long.numberOfLeadingZeros(width)); // the next power of two above width
    }

    /**
     * Whether the ring holds timers at {@code time}: its bucket is within the ring. The first timer
     * places the ring, a little before its own bucket for timers registered out of order.
     */
    boolean accepts(long time) {
        long bucket = time >> shift;
        if (first == UNPLACED) {
            first = bucket - COUNT / 8;
        }
        return bucket >= first && bucket - first < COUNT;
    }

    /** Adds the timer {@code id}, which {@link #accepts} its time, at the end of its bucket. */
    void add(int id) {
        long time = entries.times[id];
        int b = (int) (time >> shift) & (COUNT - 1);
        int tail = tails[b];
        entries.previous[id] = tail;
        entries.next[id] = -1;
        if (tail >= 0) {
            entries.next[tail] = id;
        } else {
            heads[b] = id;
        }
        tails[b] = id;
        if (time < leastTimes[b]) {
            leastTimes[b] = time;
        }
        entries.places[id] = SessionTimerEntries.IN_BUCKET;
    }

    /** Unlinks the timer {@code id} from its bucket. */
    void remove(int id) {
        int b = (int) (entries.times[id] >> shift) & (COUNT - 1);
        int previous = entries.previous[id];
        int next = entries.next[id];
        if (previous >= 0) {
            entries.next[previous] = next;
        } else {
            heads[b] = next;
        }
        if (next >= 0) {
            entries.previous[next] = previous;
        } else {
            tails[b] = previous;
        }
        if (heads[b] < 0) {
            leastTimes[b] = Long.MAX_VALUE;
        }
    }

    /**
     * Takes every timer at or before {@code watermark} out into {@code due}, in firing order; the
     * ring then starts at the watermark's bucket.
     */
    void takeOut(long watermark, DueTimers due) {
        long last = watermark >> shift;
        if (first == UNPLACED) {
            first = last;
            return;
        }
        long end = Math.min(last, first + COUNT - 1);
        for (long bucket = first; bucket <= end; bucket++) {
            int b = (int) bucket & (COUNT - 1);
            if (leastTimes[b] <= watermark) {
                takeOut(b, watermark, due);
            }
        }
        first = Math.max(first, last);
    }

    /**
     * Takes the timers of bucket {@code b} at or before {@code watermark} out, sorted: buckets hold
     * disjoint times, so sorting each on its own sorts them all, in fewer comparisons.
     */
    private void takeOut(int b, long watermark, DueTimers due) {
        int from = due.end();
        long least = Long.MAX_VALUE;
        long[] times = entries.times;
        for (int id = heads[b]; id >= 0; ) {
            int next = entries.next[id];
            if (times[id] <= watermark) {
                remove(id);
                due.add(id);
            } else if (times[id] < least) {
                least = times[id];
            }
            id = next;
        }
        leastTimes[b] = least;
        due.sortFrom(from);
    }
}
