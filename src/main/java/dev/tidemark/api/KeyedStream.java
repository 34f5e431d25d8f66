package dev.tidemark.api;

import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.eventtime.Durations;
import dev.tidemark.runtime.graph.KeyTypes;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.operators.KeyedFunctions;
import dev.tidemark.runtime.operators.KeyedProcessOperator;
import dev.tidemark.runtime.operators.StreamGroupedReduceOperator;
import dev.tidemark.runtime.operators.join.IntervalBounds;
import dev.tidemark.runtime.operators.join.IntervalJoinOperator;
import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.SlidingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.CountEvictor;
import dev.tidemark.windowing.triggers.CountTrigger;
import dev.tidemark.windowing.triggers.PurgingTrigger;
import dev.tidemark.windowing.windows.GlobalWindow;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.windows.Window;
import java.time.Duration;
import java.util.Objects;

/**
 * A stream partitioned by key: operators on it have keyed state and timers scoped to the key of the
 * element being processed. Keys map to key groups ({@code murmur(key.hashCode()) % maxParallelism},
 * as in Flink) and state is stored per key group.
 *
 * @param <T> the element type
 * @param <K> the key type
 */
public class KeyedStream<T, K> extends DataStream<T> implements FieldAggregations<T> {

    private final KeySelector<T, K> keySelector;
    private final SerializedValue<KeySelector<T, K>> serializedSelector;

    KeyedStream(StreamExecutionEnvironment environment, Transformation<T> partitioned, KeySelector<T, K> keySelector,
            SerializedValue<KeySelector<T, K>> serializedSelector) {
        super(environment, partitioned);
        this.keySelector = keySelector;
        this.serializedSelector = serializedSelector;
    }

    /** The key selector. */
    public KeySelector<T, K> getKeySelector() {
        return keySelector;
    }

    SerializedValue<KeySelector<T, K>> serializedKeySelector() {
        return serializedSelector;
    }

    /** A fresh copy of the key selector, for one operator instance. */
    KeySelector<T, K> newKeySelector() {
        return serializedSelector.copy();
    }

    /** Applies {@code function} with keyed state and timers. */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function) {
        SerializedValue<KeyedProcessFunction<K, T, R>> fn = serialize(function, "KeyedProcess");
        return described(oneInput("KeyedProcess", ctx -> new KeyedProcessOperator<>(fn.copy(), newKeySelector(), ctx)),
                () -> new Operation.KeyedProcess(newKeySelector(), fn.copy()));
    }

    /**
     * Applies {@code mapper} to every element. A rich function runs with the element's key current,
     * so it reaches keyed state through its runtime context (as in Flink); a plain one, which cannot
     * reach state, runs as on any stream, without setting a key per element.
     */
    @Override
    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper) {
        if (!(mapper instanceof RichFunction)) {
            return super.map(mapper); // a plain function cannot reach state: no key to set per element
        }
        serialize(mapper, "Map");
        return process(KeyedFunctions.<K, T, R>map(mapper)).name("Map");
    }

    /** Applies {@code flatMapper} with the element's key current (keyed state is there, as in Flink). */
    @Override
    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper) {
        if (!(flatMapper instanceof RichFunction)) {
            return super.flatMap(flatMapper);
        }
        serialize(flatMapper, "FlatMap");
        return process(KeyedFunctions.<K, T, R>flatMap(flatMapper)).name("FlatMap");
    }

    /** Keeps the elements {@code filter} accepts, with the element's key current (keyed state is there). */
    @Override
    public SingleOutputStreamOperator<T> filter(FilterFunction<T> filter) {
        if (!(filter instanceof RichFunction)) {
            return super.filter(filter);
        }
        serialize(filter, "Filter");
        return process(KeyedFunctions.<K, T>filter(filter)).name("Filter");
    }

    /** As {@link #process(KeyedProcessFunction)}, declaring the result type. */
    public <R> SingleOutputStreamOperator<R> process(KeyedProcessFunction<K, T, R> function, TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    /**
     * Applies a {@link ProcessFunction} with the element's key current, so that it has keyed state
     * and timers (its {@code onTimer} fires), as Flink's deprecated {@code KeyedStream.process(ProcessFunction)};
     * a {@link KeyedProcessFunction} also sees the key.
     */
    @Override
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        serialize(function, "Process");
        return process(KeyedFunctions.<K, T, R>process(function)).name("Process");
    }

    /** For every element, emits the reduction of all elements of its key so far. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> reducer) {
        SerializedValue<ReduceFunction<T>> fn = serialize(reducer, "Keyed Reduce");
        return described(oneInput("Keyed Reduce",
                ctx -> new StreamGroupedReduceOperator<>(fn.copy(), newKeySelector(), ctx)),
                () -> new Operation.KeyedReduce(newKeySelector(), fn.copy()));
    }

    /** Cuts the stream into the windows {@code assigner} chooses. */
    public <W extends Window> WindowedStream<T, K, W> window(WindowAssigner<? super T, W> assigner) {
        return new WindowedStream<>(this, assigner);
    }

    /**
     * Tumbling windows of {@code size} in the environment's time characteristic: processing-time
     * windows under {@code PROCESSING_TIME}, event-time windows otherwise (the classic API).
     */
    public WindowedStream<T, K, TimeWindow> timeWindow(Duration size) {
        return window(environment.getStreamTimeCharacteristic() == TimeCharacteristic.PROCESSING_TIME
                ? TumblingProcessingTimeWindows.of(size) : TumblingEventTimeWindows.of(size));
    }

    /** Sliding windows of {@code size} every {@code slide}, in the environment's time characteristic. */
    public WindowedStream<T, K, TimeWindow> timeWindow(Duration size, Duration slide) {
        return window(environment.getStreamTimeCharacteristic() == TimeCharacteristic.PROCESSING_TIME
                ? SlidingProcessingTimeWindows.of(size, slide) : SlidingEventTimeWindows.of(size, slide));
    }

    /** Windows of {@code size} elements per key: fires and purges every {@code size} elements. */
    public WindowedStream<T, K, GlobalWindow> countWindow(long size) {
        return window(GlobalWindows.create()).trigger(PurgingTrigger.of(CountTrigger.of(size)));
    }

    /** Windows of the last {@code size} elements per key, fired every {@code slide} elements. */
    public WindowedStream<T, K, GlobalWindow> countWindow(long size, long slide) {
        return window(GlobalWindows.create()).evictor(CountEvictor.of(size)).trigger(CountTrigger.of(slide));
    }

    /**
     * Joins this stream with {@code other}, keyed by the same key, by the time between their
     * elements: give the bounds with {@link IntervalJoin#between}. See {@link IntervalJoined}.
     */
    public <T1> IntervalJoin<T, T1, K> intervalJoin(KeyedStream<T1, K> other) {
        return new IntervalJoin<>(this, Objects.requireNonNull(other, "other stream must not be null"));
    }

    /** A rolling field aggregation: see {@link FieldAggregations}. */
    @Override
    @Internal
    public SingleOutputStreamOperator<T> aggregateField(FieldAggregation<T> aggregation) {
        return reduce(aggregation).name(aggregation.describe());
    }

    /**
     * An interval join whose bounds are not given yet.
     *
     * @param <T1> the left (this) stream's type
     * @param <T2> the right stream's type
     * @param <KEY> the key type of both
     */
    public static class IntervalJoin<T1, T2, KEY> {
        private final KeyedStream<T1, KEY> left;
        private final KeyedStream<T2, KEY> right;

        IntervalJoin(KeyedStream<T1, KEY> left, KeyedStream<T2, KEY> right) {
            KeyTypes.checkMatching(left.getKeySelector(), right.getKeySelector(), "intervalJoin");
            this.left = left;
            this.right = right;
        }

        /** Joins by event time: the only time an interval join supports, and the default. */
        public IntervalJoin<T1, T2, KEY> inEventTime() {
            return this;
        }

        /**
         * Refused, as in Flink: elements' processing times are not repeatable, so no bound on them
         * could be checked.
         *
         * @throws UnsupportedOperationException always
         */
        public IntervalJoin<T1, T2, KEY> inProcessingTime() {
            throw new UnsupportedOperationException("intervalJoin: only event time is supported");
        }

        /** As {@link #between(Duration, Duration)}, with Flink 1.x's {@link dev.tidemark.windowing.time.Time}. */
        public IntervalJoined<T1, T2, KEY> between(dev.tidemark.windowing.time.Time lowerBound,
                dev.tidemark.windowing.time.Time upperBound) {
            return between(dev.tidemark.windowing.time.Time.toDuration(lowerBound, "lowerBound"),
                    dev.tidemark.windowing.time.Time.toDuration(upperBound, "upperBound"));
        }

        /**
         * A left element at {@code t} meets every right element of its key with a timestamp in
         * {@code [t + lowerBound, t + upperBound]}; bounds may be negative.
         *
         * @throws IllegalArgumentException if {@code lowerBound > upperBound}, or one does not fit in a
         *     long of milliseconds
         */
        public IntervalJoined<T1, T2, KEY> between(Duration lowerBound, Duration upperBound) {
            long lower = Durations.signedMillis(lowerBound, "lowerBound");
            long upper = Durations.signedMillis(upperBound, "upperBound");
            IntervalBounds.of(lower, upper, false, false, "intervalJoin");
            return new IntervalJoined<>(left, right, lower, upper, true, true);
        }
    }

    /**
     * An interval join with its bounds: a left element at {@code t} meets every right element of its
     * key in {@code [t + lower, t + upper]} (bounds inclusive unless made exclusive), whichever of the
     * two arrives first; each pair goes to a {@link ProcessJoinFunction}, and its results carry the
     * larger of the two timestamps.
     *
     * <p>An element behind the watermark when it arrives is late, as in Flink: it goes to its side's
     * late output if one is set, otherwise it is dropped and counted in the operator's
     * {@code numLateRecordsDropped}. Buffered elements are dropped once the watermark passes their
     * last possible partner, so the join's state stays bounded on an endless stream.
     *
     * @param <IN1> the left stream's type
     * @param <IN2> the right stream's type
     * @param <KEY> the key type of both
     */
    public static class IntervalJoined<IN1, IN2, KEY> {
        private final KeyedStream<IN1, KEY> left;
        private final KeyedStream<IN2, KEY> right;
        private final long lower;
        private final long upper;
        private boolean lowerExclusive;
        private boolean upperExclusive;
        private OutputTag<IN1> leftLateTag;
        private OutputTag<IN2> rightLateTag;

        public IntervalJoined(KeyedStream<IN1, KEY> left, KeyedStream<IN2, KEY> right, long lowerBound,
                long upperBound, boolean lowerBoundInclusive, boolean upperBoundInclusive) {
            this.left = Objects.requireNonNull(left, "left stream must not be null");
            this.right = Objects.requireNonNull(right, "right stream must not be null");
            this.lower = lowerBound;
            this.upper = upperBound;
            this.lowerExclusive = !lowerBoundInclusive;
            this.upperExclusive = !upperBoundInclusive;
        }

        /** Makes the upper bound exclusive: {@code t + upper} itself no longer matches. */
        public IntervalJoined<IN1, IN2, KEY> upperBoundExclusive() {
            this.upperExclusive = true;
            return this;
        }

        /** Makes the lower bound exclusive: {@code t + lower} itself no longer matches. */
        public IntervalJoined<IN1, IN2, KEY> lowerBoundExclusive() {
            this.lowerExclusive = true;
            return this;
        }

        /** Sends left elements that arrive late to side output {@code tag} instead of dropping them. */
        public IntervalJoined<IN1, IN2, KEY> sideOutputLeftLateData(OutputTag<IN1> tag) {
            this.leftLateTag = Objects.requireNonNull(tag, "output tag must not be null");
            return this;
        }

        /** Sends right elements that arrive late to side output {@code tag} instead of dropping them. */
        public IntervalJoined<IN1, IN2, KEY> sideOutputRightLateData(OutputTag<IN2> tag) {
            this.rightLateTag = Objects.requireNonNull(tag, "output tag must not be null");
            return this;
        }

        /**
         * Hands every matching pair to {@code function}.
         *
         * @throws IllegalArgumentException if exclusive bounds leave no interval
         */
        public <OUT> SingleOutputStreamOperator<OUT> process(ProcessJoinFunction<IN1, IN2, OUT> function) {
            IntervalBounds bounds = IntervalBounds.of(lower, upper, lowerExclusive, upperExclusive, "intervalJoin");
            SerializedValue<ProcessJoinFunction<IN1, IN2, OUT>> fn = serialize(function, "IntervalJoin");
            SerializedValue<KeySelector<IN1, KEY>> leftKey = left.serializedKeySelector();
            SerializedValue<KeySelector<IN2, KEY>> rightKey = right.serializedKeySelector();
            OutputTag<IN1> leftTag = leftLateTag;
            OutputTag<IN2> rightTag = rightLateTag;
            long lowerBound = lower;
            long upperBound = upper;
            boolean lowerOpen = lowerExclusive;
            boolean upperOpen = upperExclusive;
            return described(left.connect(right).build("IntervalJoin", ctx -> new IntervalJoinOperator<>(fn.copy(),
                    leftKey.copy(), rightKey.copy(), bounds, leftTag, rightTag, ctx)),
                    () -> new Operation.IntervalJoin(lowerBound, upperBound, lowerOpen, upperOpen, leftTag, rightTag,
                            fn.copy()));
        }

        /** As {@link #process(ProcessJoinFunction)}, declaring the result type. */
        public <OUT> SingleOutputStreamOperator<OUT> process(ProcessJoinFunction<IN1, IN2, OUT> function,
                TypeInformation<OUT> outputType) {
            return process(function).returns(outputType);
        }
    }
}
