package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * Processes two connected streams with access to timestamps and time. Its watermark is the minimum
 * of the two inputs' watermarks. On connected keyed streams ({@code a.connect(b).keyBy(..)} or
 * {@code a.keyBy(..).connect(b.keyBy(..))}) it runs with the element's key current, as in Flink:
 * its runtime context gives keyed state shared by both inputs, and it may register timers, which
 * fire {@link #onTimer}. A {@link KeyedCoProcessFunction} also sees the key.
 */
public abstract class CoProcessFunction<IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement1(IN1 value, Context ctx, Collector<OUT> out) throws Exception;

    public abstract void processElement2(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /**
     * Called when a timer fires; timers exist on connected keyed streams only. The default does
     * nothing.
     */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<OUT> out) throws Exception {}

    /** What the process methods see besides the element. */
    public abstract class Context {

        /** The element's timestamp, {@code Long.MIN_VALUE} if none. */
        public abstract long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> tag, X value);
    }

    /** What {@link #onTimer} sees. */
    public abstract class OnTimerContext extends Context {

        /** Whether an event-time or a processing-time timer fired. */
        public abstract TimeDomain timeDomain();
    }
}
