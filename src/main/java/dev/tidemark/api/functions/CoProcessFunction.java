package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;

/**
 * Processes two connected, non-keyed streams with access to timestamps and time. Its watermark is
 * the minimum of the two inputs' watermarks.
 */
public abstract class CoProcessFunction<IN1, IN2, OUT> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement1(IN1 value, Context ctx, Collector<OUT> out) throws Exception;

    public abstract void processElement2(IN2 value, Context ctx, Collector<OUT> out) throws Exception;

    /** What the process methods see besides the element. */
    public abstract class Context {

        /** The element's timestamp, {@code Long.MIN_VALUE} if none. */
        public abstract long timestamp();

        public abstract TimerService timerService();

        public abstract <X> void output(OutputTag<X> tag, X value);
    }
}
