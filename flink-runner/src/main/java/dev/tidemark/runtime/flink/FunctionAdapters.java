package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFilterFunction;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.util.Collector;

/**
 * Tidemark's functions behind Flink's interfaces, one adapter per kind. Each adapter names its
 * output type ({@link ResultTypeQueryable}), so Flink never extracts a type from the adapter's type
 * variables, and opens and closes a rich Tidemark function with a runtime context over Flink's.
 */
final class FunctionAdapters {

    private FunctionAdapters() {}

    /**
     * An adapter whose Tidemark function may be a {@code CheckpointedFunction} or a
     * {@code CheckpointListener}: its operator state and notifications go through Flink's.
     */
    interface Checkpointed extends org.apache.flink.streaming.api.checkpoint.CheckpointedFunction,
            org.apache.flink.api.common.state.CheckpointListener {

        /** The Tidemark function the adapter runs. */
        Object function();

        @Override
        default void initializeState(org.apache.flink.runtime.state.FunctionInitializationContext context)
                throws Exception {
            OperatorStates.initialize(function(), context);
        }

        @Override
        default void snapshotState(org.apache.flink.runtime.state.FunctionSnapshotContext context) throws Exception {
            OperatorStates.snapshot(function(), context);
        }

        @Override
        default void notifyCheckpointComplete(long checkpointId) throws Exception {
            OperatorStates.completed(function(), checkpointId);
        }
    }

    /** {@code map(..)}. */
    static final class Map<I, O> extends RichMapFunction<I, O> implements ResultTypeQueryable<O>, Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.MapFunction<I, O> function;
        private final TypeInformation<O> type;
        private final String operator;

        Map(dev.tidemark.api.functions.MapFunction<I, O> function, TypeInformation<O> type, String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public O map(I value) {
            try {
                return function.map(value);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** {@code filter(..)}. */
    static final class Filter<T> extends RichFilterFunction<T> implements Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.FilterFunction<T> function;
        private final String operator;

        Filter(dev.tidemark.api.functions.FilterFunction<T> function, String operator) {
            this.function = function;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public boolean filter(T value) {
            try {
                return function.filter(value);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** {@code flatMap(..)}. */
    static final class FlatMap<I, O> extends RichFlatMapFunction<I, O> implements ResultTypeQueryable<O>, Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.FlatMapFunction<I, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Forward<O> out;

        FlatMap(dev.tidemark.api.functions.FlatMapFunction<I, O> function, TypeInformation<O> type, String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            out = new Forward<>();
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void flatMap(I value, Collector<O> collector) {
            try {
                function.flatMap(value, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public Object function() {
            return function;
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }
    }

    /** A reduce function: keyed reduce, window reduce, reducing state. */
    static final class Reduce<T> implements org.apache.flink.api.common.functions.ReduceFunction<T> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.ReduceFunction<T> function;

        Reduce(dev.tidemark.api.functions.ReduceFunction<T> function) {
            this.function = function;
        }

        @Override
        public T reduce(T a, T b) throws Exception {
            return function.reduce(a, b);
        }
    }

    /** An aggregate function: window aggregate, aggregating state. */
    static final class Aggregate<I, A, O> implements org.apache.flink.api.common.functions.AggregateFunction<I, A, O> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.AggregateFunction<I, A, O> function;

        Aggregate(dev.tidemark.api.functions.AggregateFunction<I, A, O> function) {
            this.function = function;
        }

        @Override
        public A createAccumulator() {
            return function.createAccumulator();
        }

        @Override
        public A add(I value, A accumulator) {
            return function.add(value, accumulator);
        }

        @Override
        public O getResult(A accumulator) {
            return function.getResult(accumulator);
        }

        @Override
        public A merge(A a, A b) {
            return function.merge(a, b);
        }
    }

    /** A key selector: {@code keyBy(..)}. */
    static final class Key<T, K> implements org.apache.flink.api.java.functions.KeySelector<T, K>, ResultTypeQueryable<K> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.KeySelector<T, K> selector;

        Key(dev.tidemark.api.functions.KeySelector<T, K> selector) {
            this.selector = selector;
        }

        @Override
        public K getKey(T value) throws Exception {
            K key = selector.getKey(value);
            if (key == null) {
                throw new NullPointerException("key selector returned null: a key must not be null; element=" + value);
            }
            return key;
        }

        @Override
        public TypeInformation<K> getProducedType() {
            return FlinkTypes.any();
        }
    }
}
