package dev.tidemark.api;

import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.functions.CoFlatMapFunction;
import dev.tidemark.api.functions.CoMapFunction;
import dev.tidemark.api.functions.CoProcessFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.runtime.graph.PartitionTransformation;
import dev.tidemark.runtime.graph.Partitioner;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.graph.TwoInputTransformation;
import dev.tidemark.runtime.operators.CoOperators;
import dev.tidemark.runtime.operators.KeyedCoProcessOperator;
import dev.tidemark.runtime.operators.KeyedFunctions;
import dev.tidemark.runtime.operators.TwoInputOperatorFactory;
import java.util.Objects;

/**
 * Two streams of possibly different types, processed by one operator with two inputs. The
 * operator's watermark is the minimum of the two inputs' watermarks (an idle input does not hold it
 * back).
 *
 * @param <IN1> the first stream's type
 * @param <IN2> the second stream's type
 */
public final class ConnectedStreams<IN1, IN2> {

    private final StreamExecutionEnvironment environment;
    private final Transformation<IN1> input1;
    private final Transformation<IN2> input2;
    private final SerializedValue<? extends KeySelector<IN1, ?>> key1;
    private final SerializedValue<? extends KeySelector<IN2, ?>> key2;

    ConnectedStreams(StreamExecutionEnvironment environment, Transformation<IN1> input1, Transformation<IN2> input2,
            SerializedValue<? extends KeySelector<IN1, ?>> key1, SerializedValue<? extends KeySelector<IN2, ?>> key2) {
        this.environment = environment;
        this.input1 = input1;
        this.input2 = input2;
        this.key1 = key1;
        this.key2 = key2;
    }

    /** Both streams partitioned by a key of the same type, for {@link #process(KeyedCoProcessFunction)}. */
    public <K> ConnectedStreams<IN1, IN2> keyBy(KeySelector<IN1, K> keySelector1, KeySelector<IN2, K> keySelector2) {
        dev.tidemark.runtime.graph.KeyTypes.check(Objects.requireNonNull(keySelector1));
        dev.tidemark.runtime.graph.KeyTypes.check(Objects.requireNonNull(keySelector2));
        SerializedValue<KeySelector<IN1, K>> k1 = DataStream.serialize(keySelector1, "KeyBy");
        SerializedValue<KeySelector<IN2, K>> k2 = DataStream.serialize(keySelector2, "KeyBy");
        return new ConnectedStreams<>(environment,
                new PartitionTransformation<>(input1, new Partitioner.Hash(k1)),
                new PartitionTransformation<>(input2, new Partitioner.Hash(k2)), k1, k2);
    }

    /**
     * Maps both inputs to one output type. On keyed streams a rich function runs with the element's
     * key current: its runtime context gives keyed state, shared by both inputs (as in Flink).
     */
    public <R> SingleOutputStreamOperator<R> map(CoMapFunction<IN1, IN2, R> function) {
        SerializedValue<CoMapFunction<IN1, IN2, R>> fn = DataStream.serialize(function, "CoMap");
        if (key1 != null && function instanceof RichFunction) { // only a rich function can reach keyed state
            return keyed("CoMap", KeyedFunctions.coMap(function));
        }
        return DataStream.described(build("CoMap", ctx -> new CoOperators.Map<>(fn.copy(), ctx)),
                () -> new Operation.CoMap(fn.copy()));
    }

    /**
     * Turns each element of either input into zero or more results. On keyed streams a rich
     * function runs with the element's key current: its runtime context gives keyed state (as in Flink).
     */
    public <R> SingleOutputStreamOperator<R> flatMap(CoFlatMapFunction<IN1, IN2, R> function) {
        SerializedValue<CoFlatMapFunction<IN1, IN2, R>> fn = DataStream.serialize(function, "CoFlatMap");
        if (key1 != null && function instanceof RichFunction) {
            return keyed("CoFlatMap", KeyedFunctions.coFlatMap(function));
        }
        return DataStream.described(build("CoFlatMap", ctx -> new CoOperators.FlatMap<>(fn.copy(), ctx)),
                () -> new Operation.CoFlatMap(fn.copy()));
    }

    /**
     * Processes both inputs with timestamps and side outputs. On keyed streams the function runs
     * with the element's key current, so it has keyed state shared by both inputs and timers (its
     * {@code onTimer} fires), as in Flink.
     */
    public <R> SingleOutputStreamOperator<R> process(CoProcessFunction<IN1, IN2, R> function) {
        if (key1 != null) {
            return keyed("CoProcess", KeyedFunctions.coProcess(function));
        }
        SerializedValue<CoProcessFunction<IN1, IN2, R>> fn = DataStream.serialize(function, "CoProcess");
        return DataStream.described(build("CoProcess", ctx -> new CoOperators.Process<>(fn.copy(), ctx)),
                () -> new Operation.CoProcess(fn.copy()));
    }

    /**
     * Processes both inputs with keyed state and timers shared per key.
     *
     * @throws IllegalStateException if the streams were not keyed with {@link #keyBy}
     */
    public <K, R> SingleOutputStreamOperator<R> process(KeyedCoProcessFunction<K, IN1, IN2, R> function) {
        if (key1 == null) {
            throw new IllegalStateException("connected streams must be keyed for a KeyedCoProcessFunction;"
                    + " call keyBy(key1, key2) first");
        }
        return keyed("KeyedCoProcess", function);
    }

    @SuppressWarnings("unchecked")
    private <K, R> SingleOutputStreamOperator<R> keyed(String name, KeyedCoProcessFunction<K, IN1, IN2, R> function) {
        SerializedValue<KeyedCoProcessFunction<K, IN1, IN2, R>> fn = DataStream.serialize(function, name);
        return DataStream.described(build(name, ctx -> new KeyedCoProcessOperator<>(fn.copy(),
                (KeySelector<IN1, K>) key1.copy(), (KeySelector<IN2, K>) key2.copy(), ctx)),
                () -> new Operation.KeyedCoProcess(fn.copy()));
    }

    <R> SingleOutputStreamOperator<R> build(String name, TwoInputOperatorFactory<IN1, IN2, R> factory) {
        TwoInputTransformation<IN1, IN2, R> t = new TwoInputTransformation<>(name, input1, input2, factory);
        environment.addTransformation(t);
        return new SingleOutputStreamOperator<>(environment, t);
    }
}
