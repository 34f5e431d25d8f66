package dev.tidemark.runtime.task;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.operators.WatermarkStatus;

/**
 * Combines the watermarks of one source instance's splits into the source's own, by Flink's rules
 * for a source operator's split outputs, which differ from how a task combines its input channels:
 * <ul>
 *   <li>A watermark from an element ({@code onEvent}) counts at once; those of a periodic emission
 *       are combined once, when every split has emitted ({@link #beginPeriodic}/{@link #endPeriodic}).
 *   <li>The source's watermark is the minimum over the splits that are not idle, passed on when it
 *       increases. A split that becomes active again counts at once, even below the source's
 *       watermark: it holds the source back until it catches up.
 *   <li>When every split is idle the source is idle, without passing on the largest split
 *       watermark; it becomes active again only with its next, higher watermark.
 *   <li>A finished split no longer counts; when the last one finishes with the final watermark, the
 *       source sends {@code Long.MAX_VALUE}.
 * </ul>
 *
 * <p>Threading: the task thread only.
 */
final class SplitWatermarkCombiner {

    private final InputProcessor target;
    private final long[] watermarks;
    private final boolean[] idle;
    private final boolean[] finished;
    private int unfinished;
    private long combined = Long.MIN_VALUE;
    private boolean sourceIdle;
    private boolean deferring;

    /** @param target where the source's combined watermarks and status go */
    SplitWatermarkCombiner(int splits, InputProcessor target) {
        this.target = target;
        this.watermarks = new long[splits];
        this.idle = new boolean[splits];
        this.finished = new boolean[splits];
        this.unfinished = splits;
        java.util.Arrays.fill(watermarks, Long.MIN_VALUE);
    }

    /** Split {@code split}'s generator emitted {@code timestamp}; a watermark makes the split active. */
    void onWatermark(int split, long timestamp) {
        idle[split] = false;
        if (timestamp > watermarks[split]) {
            watermarks[split] = timestamp;
            if (!deferring && timestamp > combined) {
                combine();
            }
        }
    }

    void onIdle(int split, boolean isIdle) {
        idle[split] = isIdle;
        if (!deferring) {
            combine();
        }
    }

    /** From here until {@link #endPeriodic}, the splits' updates are only recorded. */
    void beginPeriodic() {
        deferring = true;
    }

    void endPeriodic() {
        deferring = false;
        combine();
    }

    /**
     * Split {@code split} has finished: it no longer holds the source back. The final watermark is
     * passed on when the last split finishes with one.
     */
    void onFinished(int split, boolean withFinalWatermark) {
        if (finished[split]) {
            return;
        }
        finished[split] = true;
        if (--unfinished == 0) {
            if (withFinalWatermark && combined != Long.MAX_VALUE) {
                combined = Long.MAX_VALUE;
                activate();
                target.sourceWatermark(Watermark.MAX_WATERMARK);
            }
            return;
        }
        combine();
    }

    private void combine() {
        long min = Long.MAX_VALUE;
        boolean allIdle = true;
        for (int s = 0; s < watermarks.length; s++) {
            if (!finished[s] && !idle[s]) {
                allIdle = false;
                min = Math.min(min, watermarks[s]);
            }
        }
        if (unfinished == 0) {
            return;
        }
        if (!allIdle && min > combined) {
            combined = min;
            activate();
            target.sourceWatermark(min == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(min));
        } else if (allIdle && !sourceIdle) {
            sourceIdle = true;
            target.sourceStatus(WatermarkStatus.IDLE);
        }
    }

    private void activate() {
        if (sourceIdle) {
            sourceIdle = false;
            target.sourceStatus(WatermarkStatus.ACTIVE);
        }
    }
}
