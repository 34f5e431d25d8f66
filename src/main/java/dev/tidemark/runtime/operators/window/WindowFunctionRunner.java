package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.TimestampedCollector;
import dev.tidemark.runtime.state.NamespacedStateStore;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.windowing.windows.Window;
import java.util.Objects;

/**
 * Runs the window function for one window: results and side outputs carry the window's
 * {@code maxTimestamp()}; per-window state is scoped to that window.
 *
 * <p>Threading: the owning task's thread only.
 */
final class WindowFunctionRunner<K, IN, OUT, W extends Window> {

    private final ProcessWindowFunction<IN, OUT, K, W> function;
    private final Output<OUT> output;
    private final TimestampedCollector<OUT> collector;
    private final NamespacedStateStore<K, W> windowState;
    private final KeyedStateStore globalState;
    private final InternalTimerService<K, W> timers;
    private final ContextImpl context;
    private final boolean clears;
    private W window;

    WindowFunctionRunner(ProcessWindowFunction<IN, OUT, K, W> function, Output<OUT> output,
            NamespacedStateStore<K, W> windowState, KeyedStateStore globalState, InternalTimerService<K, W> timers) {
        this.function = function;
        this.output = output;
        this.collector = new TimestampedCollector<>(output);
        this.windowState = windowState;
        this.globalState = globalState;
        this.timers = timers;
        this.context = new ContextImpl(function);
        this.clears = overridesClear(function);
    }

    /**
     * The runner of {@code spec}'s window function in a keyed operator: window state is keyed state
     * scoped to the window, global state the key's.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <K, OUT, W extends Window> WindowFunctionRunner<K, Object, OUT, W> of(WindowOperatorSpec<K, ?, OUT, W> spec,
            Output<OUT> output, KeyedSupport<?, K> keyed, InternalTimerService<K, W> timers) {
        return new WindowFunctionRunner<>((ProcessWindowFunction) spec.function(), output,
                new NamespacedStateStore<>(keyed.backend(), null), keyed.store(), timers);
    }

    private static boolean overridesClear(ProcessWindowFunction<?, ?, ?, ?> function) {
        try {
            return function.getClass().getMethod("clear", ProcessWindowFunction.Context.class).getDeclaringClass()
                    != ProcessWindowFunction.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("ProcessWindowFunction.clear must exist", e);
        }
    }

    /** Whether the function clears per-window state of its own: when not, {@link #clear} need not be called. */
    boolean clears() {
        return clears;
    }

    @SuppressWarnings("unchecked")
    void process(K key, W window, Iterable<?> input) throws Exception {
        bind(window);
        collector.setTimestamp(window.maxTimestamp());
        function.process(key, context, (Iterable<IN>) input, collector);
    }

    void clear(W window) throws Exception {
        bind(window);
        function.clear(context);
    }

    private void bind(W window) {
        this.window = window;
        windowState.setNamespace(window);
    }

    private final class ContextImpl extends ProcessWindowFunction<IN, OUT, K, W>.Context {
        ContextImpl(ProcessWindowFunction<IN, OUT, K, W> function) {
            function.super();
        }

        @Override
        public W window() {
            return window;
        }

        @Override
        public long currentProcessingTime() {
            return timers.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return timers.currentWatermark();
        }

        @Override
        public KeyedStateStore windowState() {
            return windowState;
        }

        @Override
        public KeyedStateStore globalState() {
            return globalState;
        }

        @Override
        public <X> void output(OutputTag<X> tag, X value) {
            Objects.requireNonNull(tag, "output tag must not be null");
            output.collect(tag, value, window.maxTimestamp());
        }
    }
}
