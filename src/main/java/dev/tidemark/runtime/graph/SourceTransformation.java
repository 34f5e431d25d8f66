package dev.tidemark.runtime.graph;

import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A source: a {@link SourceFunction} (one channel per instance) or a {@link SplitSource} (one
 * channel per owned split), kept serialized so each execution gets fresh copies, with an optional
 * per-channel {@link WatermarkStrategy}.
 */
public final class SourceTransformation<T> extends Transformation<T> {

    private final Serializable function;
    private final SerializedValue<Serializable> serialized;
    private final SerializedValue<WatermarkStrategy<T>> strategy;

    public SourceTransformation(String name, SourceFunction<T> function) {
        this(name, function, null);
    }

    /** A source whose channels each get a timestamp assigner and watermark generator from {@code strategy}. */
    public SourceTransformation(String name, Serializable function, WatermarkStrategy<T> strategy) {
        super(name);
        if (!(function instanceof SourceFunction<?>) && !(function instanceof SplitSource<?>)) {
            throw new IllegalArgumentException("source must be a SourceFunction or a SplitSource: class="
                    + function.getClass().getName());
        }
        this.function = function;
        this.serialized = SerializedValue.of(function, "the source of '" + name + "'");
        this.strategy = strategy == null ? null : SerializedValue.of(strategy, "the watermark strategy of '" + name + "'");
    }

    /** The object the user passed (for the test driver, which binds its own sources in place). */
    public Object originalFunction() {
        return function;
    }

    /** Whether the source is made of splits. */
    public boolean isSplitSource() {
        return function instanceof SplitSource<?>;
    }

    /** A fresh copy of the source function or split source. */
    public Object newFunction() {
        return serialized.copy();
    }

    /** A fresh copy of the per-channel watermark strategy, or {@code null} if there is none. */
    public WatermarkStrategy<T> newStrategy() {
        return strategy == null ? null : strategy.copy();
    }

    /** The splits instance {@code subtask} of {@code parallelism} owns (a plain source: its one channel, 0). */
    public List<Integer> ownedSplits(int subtask, int parallelism) {
        if (!(function instanceof SplitSource<?> source)) {
            return List.of(0); // every instance of a plain source has its one channel
        }
        int splits = source.splitCount();
        List<Integer> owned = new ArrayList<>();
        for (int split = subtask; split < splits; split += parallelism) {
            owned.add(split);
        }
        return owned;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of();
    }
}
