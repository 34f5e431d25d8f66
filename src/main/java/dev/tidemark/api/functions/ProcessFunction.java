package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * The most general per-element function: sees each element's timestamp, the current watermark and
 * processing time, and may emit any number of results and side outputs.
 *
 * <p>Results are emitted with the input element's timestamp. Each parallel instance works on its
 * own copy (copied by serialization).
 *
 * @param <I> the input type
 * @param <O> the output type
 */
public abstract class ProcessFunction<I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Processes one element; an exception fails the job. */
    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /**
     * Called when a timer fires; timers exist on keyed streams only ({@code keyBy(..).process(this)},
     * where this function runs with the element's key current, as in Flink). The default does nothing.
     */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> out) throws Exception {}

    /**
     * What {@link #processElement} can see besides the element. Valid only during that call.
     */
    public abstract class Context {

        /**
         * The element's timestamp in epoch milliseconds, or {@code Long.MIN_VALUE} if it has none.
         * (Flink returns a nullable {@code Long}; Tidemark never returns null, see
         * {@link #hasTimestamp()}.)
         */
        public abstract long timestamp();

        /** Whether the element carries a timestamp. */
        public boolean hasTimestamp() {
            return timestamp() != Long.MIN_VALUE;
        }

        /** The operator's view of time. */
        public abstract TimerService timerService();

        /**
         * Emits {@code value} to the side output {@code tag}, with the element's timestamp.
         *
         * @throws NullPointerException if either argument is null
         */
        public abstract <X> void output(OutputTag<X> tag, X value);
    }

    /** What {@link #onTimer} sees. */
    public abstract class OnTimerContext extends Context {

        /** Whether an event-time or a processing-time timer fired. */
        public abstract TimeDomain timeDomain();
    }
}
