package dev.tidemark.api;

import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.operators.KeyedFunctions;
import dev.tidemark.runtime.operators.KeyedProcessOperator;
import dev.tidemark.runtime.operators.StreamGroupedReduceOperator;
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
        return oneInput("KeyedProcess", ctx -> new KeyedProcessOperator<>(fn.copy(), newKeySelector(), ctx));
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
        return oneInput("Keyed Reduce", ctx -> new StreamGroupedReduceOperator<>(fn.copy(), newKeySelector(), ctx));
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

    /** A rolling field aggregation: see {@link FieldAggregations}. */
    @Override
    @Internal
    public SingleOutputStreamOperator<T> aggregateField(FieldAggregation<T> aggregation) {
        return reduce(aggregation).name(aggregation.describe());
    }
}
