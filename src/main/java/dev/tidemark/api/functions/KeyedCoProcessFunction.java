package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * Processes two connected streams keyed by the same key: keyed state and timers are shared by both
 * inputs for a key, so one input can configure or enrich what the other does (as in a join).
 */
public abstract class KeyedCoProcessFunction<K, IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement1(IN1 value, Context ctx, Collector<OUT> out) throws Exception;

    public abstract void processElement2(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** Called when a timer of the current key fires; the default does nothing. */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<OUT> out) throws Exception {}

    /** What the process methods see besides the element. */
    public abstract class Context {

        public abstract long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> tag, X value);

        public abstract K getCurrentKey();
    }

    /** What {@link #onTimer} sees. */
    public abstract class OnTimerContext extends Context {
        public abstract TimeDomain timeDomain();
    }
}
