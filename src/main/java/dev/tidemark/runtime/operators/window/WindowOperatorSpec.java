package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.windowing.assigners.MergingWindowAssigner;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;
import java.util.Objects;

/**
 * Everything a window operator is made of, as the user configured it; serialized once when the
 * pipeline is built and copied for each operator instance.
 *
 * @param keySelector the key
 * @param assigner which windows an element belongs to
 * @param trigger when windows fire
 * @param evictor what to remove before/after the function, or {@code null}
 * @param allowedLatenessMillis how long after the watermark passes a window it still accepts elements
 * @param lateTag where late elements go, or {@code null} to drop and count them
 * @param reduce eager reduction, or {@code null}
 * @param aggregate eager aggregation, or {@code null}
 * @param function the window function (pass-through after reduce or aggregate)
 */
public record WindowOperatorSpec<K, IN, OUT, W extends Window>(
        KeySelector<IN, K> keySelector,
        WindowAssigner<? super IN, W> assigner,
        Trigger<? super IN, ? super W> trigger,
        Evictor<? super IN, ? super W> evictor,
        long allowedLatenessMillis,
        OutputTag<IN> lateTag,
        ReduceFunction<IN> reduce,
        AggregateFunction<IN, ?, ?> aggregate,
        ProcessWindowFunction<?, OUT, K, W> function) implements Serializable {

    public WindowOperatorSpec {
        Objects.requireNonNull(keySelector, "key selector must not be null");
        Objects.requireNonNull(assigner, "window assigner must not be null");
        Objects.requireNonNull(trigger, "trigger must not be null");
        Objects.requireNonNull(function, "window function must not be null");
        if (allowedLatenessMillis < 0) {
            throw new IllegalArgumentException("allowedLateness must not be negative: allowedLateness="
                    + allowedLatenessMillis + "ms");
        }
        if (assigner instanceof MergingWindowAssigner && !trigger.canMerge()) {
            throw new IllegalArgumentException("trigger must support merging for merging windows: trigger="
                    + trigger.getClass().getSimpleName() + ", assigner=" + assigner.getClass().getSimpleName());
        }
        if (reduce instanceof RichFunction || aggregate instanceof RichFunction) {
            throw new IllegalArgumentException("window reduce and aggregate functions must not be rich functions;"
                    + " open state or resources in a ProcessWindowFunction passed alongside instead");
        }
    }

    /**
     * Fails for an element without a timestamp, in the assigner's own words: an operator that places
     * elements in event-time windows without asking the assigner checks here first.
     */
    @SuppressWarnings("unchecked")
    public void requireTimestamp(IN value, long timestamp) {
        if (timestamp == Long.MIN_VALUE) {
            ((WindowAssigner<Object, W>) assigner).assignWindows(value, timestamp, null, window -> {});
            throw new IllegalStateException("record must have a timestamp for event-time windows: " + name());
        }
    }

    /**
     * Whether the windows fire by {@link EventTimeTrigger} alone, with no evictor: what an operator
     * that keeps its own firing order and one accumulator (or element list) per window needs.
     */
    public boolean firesByEventTime() {
        return trigger instanceof EventTimeTrigger && evictor == null;
    }

    /** Whether each window keeps its elements for the function (no reduce or aggregate). */
    public boolean keepsElements() {
        return reduce == null && aggregate == null;
    }

    /** This specification with {@code aggregate} in place of its reduce (or aggregate). */
    public WindowOperatorSpec<K, IN, OUT, W> aggregating(AggregateFunction<IN, ?, ?> aggregate) {
        return new WindowOperatorSpec<>(keySelector, assigner, trigger, evictor, allowedLatenessMillis, lateTag, null,
                aggregate, function);
    }

    /** The operator's name: the assigner and the trigger. */
    public String name() {
        return "Window(" + assigner.getClass().getSimpleName() + ", " + trigger.getClass().getSimpleName()
                + (evictor == null ? "" : ", " + evictor.getClass().getSimpleName()) + ")";
    }
}
