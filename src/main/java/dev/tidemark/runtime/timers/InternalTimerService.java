package dev.tidemark.runtime.timers;

import java.util.function.Supplier;

/**
 * Event-time and processing-time timers of one keyed operator, per (key, namespace, timestamp).
 *
 * <p>{@link #advanceWatermark} fires every event-time timer with timestamp ≤ the watermark, in
 * timestamp order, with the timer's key made current; timers registered while firing that are
 * also due fire in the same call. The operator forwards the watermark only after this returns, so
 * results always precede the watermark that caused them. Processing-time timers use one physical
 * timer of the task's {@link ProcessingTimeService} at the earliest timestamp, which arrives through
 * the task's mailbox.
 *
 * <p>Threading: the owning task's thread only.
 *
 * @param <K> key type
 * @param <N> namespace type
 */
public final class InternalTimerService<K, N> {

    private final TimerQueue<K, N> eventTimers = new TimerQueue<>();
    private final TimerQueue<K, N> processingTimers = new TimerQueue<>();
    private final ProcessingTimeService clock;
    private final KeyContext<K> keyContext;
    private final Supplier<K> currentKey;
    private final Triggerable<K, N> target;
    private long currentWatermark = Long.MIN_VALUE;
    private ProcessingTimeService.Registration physicalTimer;
    private long physicalTimerAt = Long.MAX_VALUE;
    private boolean followsClock;
    private long clockAdvanceAt = Long.MAX_VALUE;

    /**
     * @param clock the task's processing-time clock
     * @param keyContext sets the current key before a timer fires
     * @param currentKey the key new timers are registered for
     * @param target what fires
     */
    public InternalTimerService(ProcessingTimeService clock, KeyContext<K> keyContext, Supplier<K> currentKey,
            Triggerable<K, N> target) {
        this.clock = clock;
        this.keyContext = keyContext;
        this.currentKey = currentKey;
        this.target = target;
    }

    /** The current watermark; once following the clock, at least the current processing time. */
    public long currentWatermark() {
        return followsClock ? Math.max(currentWatermark, clock.currentProcessingTime()) : currentWatermark;
    }

    public long currentProcessingTime() {
        return clock.currentProcessingTime();
    }

    public void registerEventTimeTimer(N namespace, long time) {
        if (eventTimers.add(currentKey.get(), namespace, time) && followsClock) {
            scheduleClockAdvance();
        }
    }

    public void deleteEventTimeTimer(N namespace, long time) {
        eventTimers.remove(currentKey.get(), namespace, time);
    }

    public void registerProcessingTimeTimer(N namespace, long time) {
        if (processingTimers.add(currentKey.get(), namespace, time) && time < physicalTimerAt) {
            schedulePhysicalTimer(time);
        }
    }

    public void deleteProcessingTimeTimer(N namespace, long time) {
        processingTimers.remove(currentKey.get(), namespace, time);
    }

    /**
     * Advances event time to {@code watermark}. A processing-time watermark makes event time follow
     * the processing-time clock from then on: event-time timers then fire as the clock reaches them,
     * through the task's processing-time service.
     */
    public void advanceWatermark(dev.tidemark.eventtime.Watermark watermark) throws Exception {
        followsClock |= watermark.useProcessingTime();
        advanceWatermark(followsClock ? Math.max(watermark.timestamp(), clock.currentProcessingTime())
                : watermark.timestamp());
        if (followsClock) {
            scheduleClockAdvance();
        }
    }

    private void scheduleClockAdvance() {
        if (!eventTimers.isEmpty() && eventTimers.peekTimestamp() < clockAdvanceAt) {
            clockAdvanceAt = eventTimers.peekTimestamp();
            clock.registerTimer(clockAdvanceAt, time -> {
                clockAdvanceAt = Long.MAX_VALUE;
                advanceWatermark(Math.max(currentWatermark, clock.currentProcessingTime()));
                scheduleClockAdvance();
            });
        }
    }

    /**
     * Fires every event-time timer due at {@code watermark}, then remembers the watermark. A watermark
     * below the current one (after a restore, upstream starts lower) fires nothing already passed and
     * does not move event time back.
     */
    public void advanceWatermark(long watermark) throws Exception {
        currentWatermark = Math.max(currentWatermark, watermark);
        while (eventTimers.pollUpTo(watermark)) {
            K key = eventTimers.polledKey();
            keyContext.setCurrentKey(key);
            target.onEventTime(key, eventTimers.polledNamespace(), eventTimers.polledTimestamp());
        }
    }

    private void onProcessingTime(long time) throws Exception {
        physicalTimer = null;
        physicalTimerAt = Long.MAX_VALUE;
        while (processingTimers.pollUpTo(time)) {
            K key = processingTimers.polledKey();
            keyContext.setCurrentKey(key);
            target.onProcessingTime(key, processingTimers.polledNamespace(), processingTimers.polledTimestamp());
        }
        if (!processingTimers.isEmpty() && processingTimers.peekTimestamp() < physicalTimerAt) {
            schedulePhysicalTimer(processingTimers.peekTimestamp());
        }
    }

    private void schedulePhysicalTimer(long time) {
        if (physicalTimer != null) {
            physicalTimer.cancel();
        }
        physicalTimerAt = time;
        physicalTimer = clock.registerTimer(time, this::onProcessingTime);
    }

    /** Every pending timer of one domain, for snapshots. */
    public void forEachTimer(boolean eventTime, java.util.function.Consumer<InternalTimer<K, N>> action) {
        (eventTime ? eventTimers : processingTimers).forEach(action);
    }

    /** Adds a restored timer; a processing-time timer already due fires at the clock's next step. */
    public void restoreTimer(boolean eventTime, K key, N namespace, long time) {
        if (eventTime) {
            eventTimers.add(key, namespace, time);
        } else if (processingTimers.add(key, namespace, time) && time < physicalTimerAt) {
            schedulePhysicalTimer(time);
        }
    }

    /** Removes a timer of any key, as {@link #restoreTimer} added it. */
    public void removeTimer(boolean eventTime, K key, N namespace, long time) {
        (eventTime ? eventTimers : processingTimers).remove(key, namespace, time);
    }

    /** Restores event time as a snapshot recorded it. */
    public void restoreWatermark(long watermark) {
        currentWatermark = Math.max(currentWatermark, watermark);
    }

    public int numEventTimeTimers() {
        return eventTimers.size();
    }

    public int numProcessingTimeTimers() {
        return processingTimers.size();
    }
}
