package dev.tidemark.runtime.timers;

import java.util.PriorityQueue;

/**
 * A virtual processing-time clock that moves only when told to: the deterministic clock of the test
 * driver.
 *
 * <p>{@link #advanceTo} fires due timers one at a time, in (timestamp, registration order), moving the
 * clock to each timer's timestamp before running it. So a periodic timer that re-registers itself at
 * {@code now + interval} fires at every interval on the way, and timers registered while firing are
 * honoured if they fall within the advance.
 *
 * <p>Threading: confined to one thread (the driver's caller), which also runs the callbacks.
 */
public final class ManualProcessingTimeService implements ProcessingTimeService {

    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private long now;
    private long sequence;

    /** Starts the clock at {@code startMillis}. */
    public ManualProcessingTimeService(long startMillis) {
        this.now = startMillis;
    }

    @Override
    public long currentProcessingTime() {
        return now;
    }

    @Override
    public Registration registerTimer(long timestamp, ProcessingTimeCallback callback) {
        Timer timer = new Timer(timestamp, sequence++, callback);
        timers.add(timer);
        return () -> timer.cancelled = true;
    }

    /**
     * Moves the clock forward to {@code targetMillis}, firing every timer due on the way.
     *
     * @throws IllegalArgumentException if {@code targetMillis} is before the current time
     * @throws Exception whatever a callback threw; the clock stays at that timer's time
     */
    public void advanceTo(long targetMillis) throws Exception {
        if (targetMillis < now) {
            throw new IllegalArgumentException(
                    "processing time must not go backwards: now=" + now + ", target=" + targetMillis);
        }
        Timer next;
        while ((next = timers.peek()) != null && next.timestamp <= targetMillis) {
            timers.poll();
            if (!next.cancelled) {
                now = Math.max(now, next.timestamp);
                next.callback.onProcessingTime(next.timestamp);
            }
        }
        now = targetMillis;
    }

    /** How many timers are waiting, cancelled ones included until their time passes. */
    public int pendingTimers() {
        return timers.size();
    }

    private static final class Timer implements Comparable<Timer> {
        final long timestamp;
        final long sequence;
        final ProcessingTimeCallback callback;
        boolean cancelled;

        Timer(long timestamp, long sequence, ProcessingTimeCallback callback) {
            this.timestamp = timestamp;
            this.sequence = sequence;
            this.callback = callback;
        }

        @Override
        public int compareTo(Timer other) {
            int byTime = Long.compare(timestamp, other.timestamp);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }
}
