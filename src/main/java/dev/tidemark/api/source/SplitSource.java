package dev.tidemark.api.source;

import java.io.Serializable;
import java.util.List;

/**
 * A source made of splits (the partitions of a topic, the files of a directory), each an ordered
 * stream of its own. Given a {@code WatermarkStrategy} in
 * {@code env.fromSource(source, strategy, name)}, Tidemark runs one timestamp assigner and one
 * watermark generator per split and combines the splits by minimum, leaving idle splits out, as
 * Flink does per Kafka partition: with timestamps ascending inside each split, no element is late
 * however the splits interleave.
 *
 * <p>Splits are spread over the parallel instances round-robin: instance {@code i} of {@code n}
 * owns splits {@code i, i + n, ...}. {@link #run} emits the records of its own splits, each through
 * that split's context, and returns when they are all done (a split whose context was not finished
 * is finished then).
 *
 * <p>Threading: {@code run} runs on the instance's source thread; {@code cancel} is called from
 * another thread.
 *
 * @param <T> the element type
 */
public interface SplitSource<T> extends Serializable {

    /** How many splits the source has; at least 1. */
    int splitCount();

    /** Emits the records of the owned splits until done or cancelled. */
    void run(SplitContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from another thread. */
    void cancel();

    /** Where the splits of one instance emit. Valid only on the thread running {@link #run}. */
    interface SplitContext<T> {

        /** The splits this instance owns, ascending. */
        List<Integer> ownedSplits();

        /**
         * The context of split {@code split}: its records, its own idleness, and its end
         * ({@code emitWatermark} is ignored when the source has a watermark strategy).
         *
         * @throws IllegalArgumentException if this instance does not own the split
         */
        SourceFunction.SourceContext<T> split(int split);

        /** Ends split {@code split}: no more records will come from it. */
        void finishSplit(int split);

        /**
         * Whether split {@code split} runs too far ahead of its watermark alignment group and should
         * not be read for now; always false without alignment. Reading a paused split is allowed but
         * defeats the alignment.
         */
        boolean isPaused(int split);
    }
}
