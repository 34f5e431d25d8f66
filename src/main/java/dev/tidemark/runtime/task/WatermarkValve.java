package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.util.Arrays;

/**
 * Combines the watermarks and statuses of a task's input channels into the task's own.
 *
 * <p>Rules (as Flink's): per channel, a watermark not greater than the channel's last one is
 * ignored, as is a watermark from an idle channel. The combined watermark is the minimum over the
 * active channels that are <em>aligned</em> (their watermark is not behind the combined one) and is
 * passed on only when it strictly increases; {@code Long.MIN_VALUE} is never passed on, so a channel
 * that never sends a watermark holds the others back until it is idle or sends one. A channel that
 * turns idle no longer holds the minimum back; when the last active channel turns idle, the maximum
 * watermark over all channels is passed on and then IDLE. A channel that becomes active again counts
 * only once its watermark has caught up with the combined one.
 *
 * <p>Processing-time watermarks ({@code useProcessingTime}): a channel that sent one follows the
 * processing-time clock from then on, counting as {@code max(its watermark, now)}. When every
 * counted channel follows the clock, the valve passes on a processing-time watermark (the minimum of
 * their timestamps) when that mode begins or its timestamp grows, and the operators behind it fire
 * event-time timers as the clock advances. While any counted channel is still in event time, the
 * valve passes on event-time watermarks, the clock-following channels counting as {@code now}.
 *
 * <p>Threading: the task thread only.
 */
public final class WatermarkValve {

    /** Receives what the valve passes on. */
    public interface Listener {
        void onWatermark(Watermark watermark) throws Exception;

        void onStatus(WatermarkStatus status) throws Exception;
    }

    private final Listener listener;
    private final long[] watermarks;
    private final boolean[] idle;
    private final boolean[] aligned;
    private final boolean[] processingTime;
    private final java.util.function.LongSupplier clock;
    private long lastOutput = Long.MIN_VALUE;
    private boolean outputProcessingTime;
    private boolean outputIdle;

    /** @param clock the processing-time clock that processing-time channels follow */
    public WatermarkValve(int channels, Listener listener, java.util.function.LongSupplier clock) {
        if (channels < 1) {
            throw new IllegalArgumentException("channels must be at least 1: channels=" + channels);
        }
        this.listener = listener;
        this.clock = clock;
        this.processingTime = new boolean[channels];
        this.watermarks = new long[channels];
        this.idle = new boolean[channels];
        this.aligned = new boolean[channels];
        Arrays.fill(watermarks, Long.MIN_VALUE);
        Arrays.fill(aligned, true);
    }

    /** The last watermark passed on; {@code Long.MIN_VALUE} before the first. */
    public long currentWatermark() {
        return lastOutput;
    }

    public void inputWatermark(int channel, Watermark watermark) throws Exception {
        long timestamp = watermark.timestamp();
        if (idle[channel]) {
            return;
        }
        if (watermark.useProcessingTime() && !processingTime[channel]) {
            processingTime[channel] = true;
        } else if (timestamp <= watermarks[channel]) {
            return;
        }
        watermarks[channel] = Math.max(watermarks[channel], timestamp);
        if (!aligned[channel] && timestamp >= lastOutput) {
            aligned[channel] = true;
        }
        emitMinimumOfAligned();
    }

    public void inputStatus(int channel, WatermarkStatus status) throws Exception {
        if (status == WatermarkStatus.IDLE && !idle[channel]) {
            idle[channel] = true;
            aligned[channel] = false;
            if (!anyActive()) {
                emitIfAdvancing(max(watermarks));
                outputIdle = true;
                listener.onStatus(WatermarkStatus.IDLE);
            } else {
                emitMinimumOfAligned();
            }
        } else if (status == WatermarkStatus.ACTIVE && idle[channel]) {
            idle[channel] = false;
            aligned[channel] = watermarks[channel] >= lastOutput;
            if (outputIdle) {
                outputIdle = false;
                listener.onStatus(WatermarkStatus.ACTIVE);
            }
        }
    }

    private void emitMinimumOfAligned() throws Exception {
        long min = Long.MAX_VALUE;
        long minOfClockFollowers = Long.MAX_VALUE;
        boolean any = false;
        boolean allFollowClock = true;
        long now = Long.MIN_VALUE;
        for (int i = 0; i < watermarks.length; i++) {
            if (aligned[i]) {
                any = true;
                if (processingTime[i]) {
                    if (now == Long.MIN_VALUE) {
                        now = clock.getAsLong();
                    }
                    minOfClockFollowers = Math.min(minOfClockFollowers, watermarks[i]);
                    min = Math.min(min, Math.max(watermarks[i], now));
                } else {
                    allFollowClock = false;
                    min = Math.min(min, watermarks[i]);
                }
            }
        }
        if (!any) {
            return;
        }
        if (allFollowClock && minOfClockFollowers != Long.MAX_VALUE) {
            if (!outputProcessingTime || minOfClockFollowers > lastOutput) {
                outputProcessingTime = true;
                lastOutput = Math.max(lastOutput, minOfClockFollowers);
                listener.onWatermark(new Watermark(minOfClockFollowers, true));
            }
        } else {
            emitIfAdvancing(min);
        }
    }

    private void emitIfAdvancing(long timestamp) throws Exception {
        if (timestamp > lastOutput) {
            lastOutput = timestamp;
            listener.onWatermark(timestamp == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(timestamp));
        }
    }

    private boolean anyActive() {
        for (boolean i : idle) {
            if (!i) {
                return true;
            }
        }
        return false;
    }

    private static long max(long[] values) {
        long max = Long.MIN_VALUE;
        for (long v : values) {
            max = Math.max(max, v);
        }
        return max;
    }
}
