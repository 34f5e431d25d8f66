package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.CoFlatMapFunction;
import dev.tidemark.api.functions.CoMapFunction;
import dev.tidemark.api.functions.CoProcessFunction;
import dev.tidemark.api.functions.TimerService;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import java.util.Objects;

/** The non-keyed two-input operators: co-map, co-flat-map and co-process. */
public final class CoOperators {

    private CoOperators() {}

    /** What the non-keyed two-input operators share: output, watermark forwarding, function lifecycle. */
    public abstract static class Base<IN1, IN2, OUT> implements TwoInputStreamOperator<IN1, IN2> {
        protected final OperatorContext<OUT> context;
        protected final Output<OUT> output;
        protected final TimestampedCollector<OUT> collector;
        private final FunctionHooks hooks;
        protected long currentWatermark = Long.MIN_VALUE;

        /** @param function the user's function, for its checkpoint hooks and lifecycle; {@code null} if the subclass opens it */
        protected Base(OperatorContext<OUT> context, Object function) {
            this.context = context;
            this.output = context.output();
            this.collector = new TimestampedCollector<>(output);
            this.hooks = new FunctionHooks(function, this::keyedSupport);
        }

        @Override
        public void initializeState(SnapshotReader state) throws Exception {
            hooks.initializeState(state);
        }

        /** The keyed state and timers of a keyed operator, snapshotted with the function's state; {@code null} if none. */
        protected KeyedSupport<?, ?> keyedSupport() {
            return null;
        }

        @Override
        public final boolean hasKeyedState() {
            return keyedSupport() != null;
        }

        @Override
        public KeyedStateCounts keyedStateCounts() {
            return keyedSupport();
        }

        @Override
        public void snapshotState(SnapshotWriter state) throws Exception {
            hooks.snapshotState(state);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            hooks.notifyCheckpointComplete(checkpointId);
        }

        @Override
        public void open() throws Exception {
            hooks.open(context.runtimeContext());
        }

        @Override
        public void processWatermark(Watermark watermark) throws Exception {
            currentWatermark = watermark.timestamp();
            output.emitWatermark(watermark);
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus status) {
            output.emitWatermarkStatus(status);
        }

        @Override
        public void endInput() {}

        @Override
        public void close() throws Exception {
            hooks.close();
        }
    }

    /** Applies a {@link CoMapFunction}. */
    public static final class Map<IN1, IN2, OUT> extends Base<IN1, IN2, OUT> {
        private final CoMapFunction<IN1, IN2, OUT> function;

        public Map(CoMapFunction<IN1, IN2, OUT> function, OperatorContext<OUT> context) {
            super(context, function);
            this.function = function;
        }

        @Override
        public void processElement1(IN1 value, long timestamp) throws Exception {
            output.collect(function.map1(value), timestamp);
        }

        @Override
        public void processElement2(IN2 value, long timestamp) throws Exception {
            output.collect(function.map2(value), timestamp);
        }
    }

    /** Applies a {@link CoFlatMapFunction}. */
    public static final class FlatMap<IN1, IN2, OUT> extends Base<IN1, IN2, OUT> {
        private final CoFlatMapFunction<IN1, IN2, OUT> function;

        public FlatMap(CoFlatMapFunction<IN1, IN2, OUT> function, OperatorContext<OUT> context) {
            super(context, function);
            this.function = function;
        }

        @Override
        public void processElement1(IN1 value, long timestamp) throws Exception {
            collector.setTimestamp(timestamp);
            function.flatMap1(value, collector);
        }

        @Override
        public void processElement2(IN2 value, long timestamp) throws Exception {
            collector.setTimestamp(timestamp);
            function.flatMap2(value, collector);
        }
    }

    /** Runs a {@link CoProcessFunction}. */
    public static final class Process<IN1, IN2, OUT> extends Base<IN1, IN2, OUT> {
        private final CoProcessFunction<IN1, IN2, OUT> function;
        private final ContextImpl ctx;
        private long timestamp = Output.NO_TIMESTAMP;

        public Process(CoProcessFunction<IN1, IN2, OUT> function, OperatorContext<OUT> context) {
            super(context, function);
            this.function = function;
            this.ctx = new ContextImpl(function, new NonKeyedTimerService(context, () -> currentWatermark));
        }

        @Override
        public void processElement1(IN1 value, long elementTimestamp) throws Exception {
            timestamp = elementTimestamp;
            collector.setTimestamp(elementTimestamp);
            function.processElement1(value, ctx, collector);
        }

        @Override
        public void processElement2(IN2 value, long elementTimestamp) throws Exception {
            timestamp = elementTimestamp;
            collector.setTimestamp(elementTimestamp);
            function.processElement2(value, ctx, collector);
        }

        private final class ContextImpl extends CoProcessFunction<IN1, IN2, OUT>.Context {
            private final TimerService timerService;

            ContextImpl(CoProcessFunction<IN1, IN2, OUT> function, TimerService timerService) {
                function.super();
                this.timerService = timerService;
            }

            @Override
            public long timestamp() {
                return timestamp;
            }

            @Override
            public TimerService timerService() {
                return timerService;
            }

            @Override
            public <X> void output(OutputTag<X> tag, X value) {
                output.collect(Objects.requireNonNull(tag, "output tag must not be null"), value, timestamp);
            }
        }
    }
}
