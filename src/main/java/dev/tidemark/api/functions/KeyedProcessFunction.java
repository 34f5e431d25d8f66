package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * Processes the elements of a keyed stream with keyed state and timers.
 *
 * <p>{@link #processElement} runs for each element with its key current; state from
 * {@link #getRuntimeContext()} (or the {@link RuntimeContext} given to {@code open}) then
 * reads and writes that key's values. Timers registered through {@code ctx.timerService()} belong to
 * the current key; registering the same time twice gives one firing. {@link #onTimer} runs with the
 * timer's key current: event-time timers when the watermark reaches them, before the watermark is
 * passed on; processing-time timers when the clock does. Results of {@code processElement} carry the
 * element's timestamp; results of an event-time timer carry the timer's timestamp; results of a
 * processing-time timer carry none.
 *
 * @param <K> the key type
 * @param <I> the input type
 * @param <O> the output type
 */
public abstract class KeyedProcessFunction<K, I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Processes one element. */
    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /** Called when a timer fires; the default does nothing. */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> out) throws Exception {}

    /** What {@link #processElement} sees besides the element. Valid only during the call. */
    public abstract class Context {

        /** The element's (or firing timer's) timestamp; {@code Long.MIN_VALUE} if none. */
        public abstract long timestamp();

        /** Whether there is a timestamp. */
        public boolean hasTimestamp() {
            return timestamp() != Long.MIN_VALUE;
        }

        /** Time, and timers for the current key. */
        public abstract TimerService timerService();

        /** Emits to a side output with the current timestamp. */
        public abstract <X> void output(OutputTag<X> tag, X value);

        /** The key of the element or timer being processed. */
        public abstract K getCurrentKey();
    }

    /** What {@link #onTimer} sees. */
    public abstract class OnTimerContext extends Context {

        /** Whether an event-time or a processing-time timer fired. */
        public abstract TimeDomain timeDomain();
    }
}
