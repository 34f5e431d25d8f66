package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.AllWindowFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessAllWindowFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.functions.WindowFunction;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.windowing.windows.Window;
import java.util.List;

/** The window functions the window API composes: pass-through, fold-then-delegate, and non-keyed. */
public final class WindowFunctions {

    private WindowFunctions() {}

    /** Emits every input value: the window function of {@code reduce(f)} and {@code aggregate(f)}. */
    public static <T, K, W extends Window> ProcessWindowFunction<T, T, K, W> passThrough() {
        return new PassThrough<>();
    }

    /** Whether {@code function} is {@link #passThrough()}'s: it keeps no state and needs no open. */
    public static boolean isPassThrough(ProcessWindowFunction<?, ?, ?, ?> function) {
        return function instanceof PassThrough<?, ?, ?>;
    }

    /** Reduces all elements, then hands the one result to {@code inner} (for evicting windows). */
    public static <T, R, K, W extends Window> ProcessWindowFunction<T, R, K, W> reduceThen(
            ReduceFunction<T> reduce, ProcessWindowFunction<T, R, K, W> inner) {
        return new ReduceThen<>(reduce, inner);
    }

    /** Aggregates all elements, then hands the one result to {@code inner} (for evicting windows). */
    public static <T, ACC, V, R, K, W extends Window> ProcessWindowFunction<T, R, K, W> aggregateThen(
            AggregateFunction<T, ACC, V> aggregate, ProcessWindowFunction<V, R, K, W> inner) {
        return new AggregateThen<>(aggregate, inner);
    }

    /** A non-keyed window function as a keyed one (windowAll runs on one constant key). */
    public static <T, R, K, W extends Window> ProcessWindowFunction<T, R, K, W> allWindow(
            ProcessAllWindowFunction<T, R, W> function) {
        return new AllWindow<>(function);
    }

    /** A {@link WindowFunction} as a process window function. */
    public static <T, R, K, W extends Window> ProcessWindowFunction<T, R, K, W> of(WindowFunction<T, R, K, W> function) {
        return new Applied<>(function);
    }

    /** An {@link AllWindowFunction} as a process window function of the one constant key. */
    public static <T, R, K, W extends Window> ProcessWindowFunction<T, R, K, W> ofAll(
            AllWindowFunction<T, R, W> function) {
        return new Applied<T, R, K, W>((key, window, input, out) -> function.apply(window, input, out), function);
    }

    private static final class PassThrough<T, K, W extends Window> extends ProcessWindowFunction<T, T, K, W> {
        private static final long serialVersionUID = 1L;

        @Override
        public void process(K key, Context context, Iterable<T> elements, Collector<T> out) {
            for (T element : elements) {
                out.collect(element);
            }
        }
    }

    /** A window function that forwards lifecycle calls to the user function it wraps. */
    public abstract static class Delegating<IN, OUT, K, W extends Window> extends ProcessWindowFunction<IN, OUT, K, W> {
        private static final long serialVersionUID = 1L;
        private final Object inner;

        /** @param inner the user's function, opened and closed with this one if it is a {@link RichFunction} */
        protected Delegating(Object inner) {
            this.inner = inner;
        }

        @Override
        public void open(RuntimeContext context) throws Exception {
            if (inner instanceof RichFunction rich) {
                rich.open(context);
            }
        }

        @Override
        public void close() throws Exception {
            if (inner instanceof RichFunction rich) {
                rich.close();
            }
        }
    }

    private static final class Applied<T, R, K, W extends Window> extends Delegating<T, R, K, W> {
        private static final long serialVersionUID = 1L;
        private final WindowFunction<T, R, K, W> function;

        Applied(WindowFunction<T, R, K, W> function) {
            this(function, function);
        }

        /** @param owner the user's function, whose lifecycle calls are forwarded */
        Applied(WindowFunction<T, R, K, W> function, Object owner) {
            super(owner);
            this.function = function;
        }

        @Override
        public void process(K key, Context context, Iterable<T> elements, Collector<R> out) throws Exception {
            function.apply(key, context.window(), elements, out);
        }
    }

    private static final class ReduceThen<T, R, K, W extends Window> extends Delegating<T, R, K, W> {
        private static final long serialVersionUID = 1L;
        private final ReduceFunction<T> reduce;
        private final ProcessWindowFunction<T, R, K, W> inner;

        ReduceThen(ReduceFunction<T> reduce, ProcessWindowFunction<T, R, K, W> inner) {
            super(inner);
            this.reduce = reduce;
            this.inner = inner;
        }

        @Override
        public void process(K key, Context context, Iterable<T> elements, Collector<R> out) throws Exception {
            T result = null;
            for (T element : elements) {
                result = result == null ? element : reduce.reduce(result, element);
            }
            if (result != null) {
                inner.process(key, context, List.of(result), out);
            }
        }

        @Override
        public void clear(Context context) throws Exception {
            inner.clear(context);
        }
    }

    private static final class AggregateThen<T, ACC, V, R, K, W extends Window> extends Delegating<T, R, K, W> {
        private static final long serialVersionUID = 1L;
        private final AggregateFunction<T, ACC, V> aggregate;
        private final ProcessWindowFunction<V, R, K, W> inner;

        AggregateThen(AggregateFunction<T, ACC, V> aggregate, ProcessWindowFunction<V, R, K, W> inner) {
            super(inner);
            this.aggregate = aggregate;
            this.inner = inner;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void process(K key, Context context, Iterable<T> elements, Collector<R> out) throws Exception {
            ACC acc = aggregate.createAccumulator();
            for (T element : elements) {
                acc = aggregate.add(element, acc);
            }
            inner.process(key, (ProcessWindowFunction<V, R, K, W>.Context) (Object) context,
                    List.of(aggregate.getResult(acc)), out);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void clear(Context context) throws Exception {
            inner.clear((ProcessWindowFunction<V, R, K, W>.Context) (Object) context);
        }
    }

    private static final class AllWindow<T, R, K, W extends Window> extends Delegating<T, R, K, W> {
        private static final long serialVersionUID = 1L;
        private final ProcessAllWindowFunction<T, R, W> function;

        AllWindow(ProcessAllWindowFunction<T, R, W> function) {
            super(function);
            this.function = function;
        }

        @Override
        public void process(K key, Context context, Iterable<T> elements, Collector<R> out) throws Exception {
            function.process(adapt(context), elements, out);
        }

        @Override
        public void clear(Context context) throws Exception {
            function.clear(adapt(context));
        }

        private ProcessAllWindowFunction<T, R, W>.Context adapt(Context context) {
            return function.new Context() {
                @Override
                public W window() {
                    return context.window();
                }

                @Override
                public long currentProcessingTime() {
                    return context.currentProcessingTime();
                }

                @Override
                public long currentWatermark() {
                    return context.currentWatermark();
                }

                @Override
                public KeyedStateStore windowState() {
                    return context.windowState();
                }

                @Override
                public KeyedStateStore globalState() {
                    return context.globalState();
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> outputTag, X value) {
                    context.output(outputTag, value);
                }
            };
        }
    }
}
