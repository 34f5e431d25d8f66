package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * Makes the results of a pair of elements that an interval join matched: the same key, and the
 * second element's timestamp within the join's bounds of the first's. Results carry the larger of
 * the two timestamps.
 *
 * @param <IN1> the first (left) input's type
 * @param <IN2> the second (right) input's type
 * @param <OUT> the result type
 */
public abstract class ProcessJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Emits the results of {@code left} joined with {@code right} to {@code out}. */
    public abstract void processElement(IN1 left, IN2 right, Context ctx, Collector<OUT> out) throws Exception;

    /** What {@link #processElement} sees besides the two elements. */
    public abstract class Context {

        /** The left element's timestamp. */
        public abstract long getLeftTimestamp();

        /** The right element's timestamp. */
        public abstract long getRightTimestamp();

        /** The results' timestamp: the larger of the two elements'. */
        public abstract long getTimestamp();

        /** Emits to a side output, with {@link #getTimestamp()}. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
