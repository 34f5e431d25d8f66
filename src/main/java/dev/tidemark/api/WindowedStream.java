package dev.tidemark.api;

import dev.tidemark.api.graph.Operation;
import dev.tidemark.runtime.operators.OperatorFactory;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.functions.WindowFunction;
import dev.tidemark.eventtime.Durations;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.operators.window.AlignedWindowOperator;
import dev.tidemark.runtime.operators.window.PanedWindowOperator;
import dev.tidemark.runtime.operators.window.PanesUnlessRestoredWindows;
import dev.tidemark.runtime.operators.window.PanesWhileExactOperator;
import dev.tidemark.runtime.operators.window.ReduceOnPanes;
import dev.tidemark.runtime.operators.window.SessionWindowOperator;
import dev.tidemark.runtime.operators.window.WindowFunctions;
import dev.tidemark.runtime.operators.window.WindowOperator;
import dev.tidemark.runtime.operators.window.WindowOperatorSpec;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import dev.tidemark.windowing.time.Time;
import java.time.Duration;
import java.util.Objects;

/**
 * A keyed stream cut into windows. Configure the trigger, evictor, allowed lateness and late-data
 * side output, then give the window function that turns each firing into results.
 *
 * <p>Lateness follows Flink: a window accepts elements until the watermark passes
 * {@code maxTimestamp + allowedLateness} (its cleanup time, when its state is dropped); an element
 * that arrives after the window fired but within the lateness fires it again at once. An element
 * is late only when every window it belongs to is past its cleanup time: it then goes to
 * {@link #sideOutputLateData} or is dropped and counted in {@code numLateRecordsDropped}.
 *
 * @param <T> element type
 * @param <K> key type
 * @param <W> window type
 */
public final class WindowedStream<T, K, W extends Window> implements FieldAggregations<T> {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(WindowedStream.class);
    /** From how many windows per element on the build says what panes would save. */
    private static final long PANES_HINT_WINDOWS = 4;
    private static final long ELEMENT_PANES_WINDOWS = 3; // see elementsOnPanesPay()
    private static final long FLAT_WINDOWS_PAY = 20; // see flatWindowsPay()

    private final KeyedStream<T, K> input;
    private final WindowAssigner<? super T, W> assigner;
    private Trigger<? super T, ? super W> trigger;
    private Evictor<? super T, ? super W> evictor;
    private long allowedLatenessMillis;
    private OutputTag<T> lateTag;
    private boolean sharePanes;

    @SuppressWarnings("unchecked")
    WindowedStream(KeyedStream<T, K> input, WindowAssigner<? super T, W> assigner) {
        this.input = input;
        this.assigner = Objects.requireNonNull(assigner, "window assigner must not be null");
        this.trigger = (Trigger<? super T, ? super W>) assigner.getDefaultTrigger();
    }

    /** Replaces the assigner's default trigger. */
    public WindowedStream<T, K, W> trigger(Trigger<? super T, ? super W> trigger) {
        this.trigger = Objects.requireNonNull(trigger, "trigger must not be null");
        return this;
    }

    /** Keeps every element and lets {@code evictor} remove some before/after the window function. */
    public WindowedStream<T, K, W> evictor(Evictor<? super T, ? super W> evictor) {
        this.evictor = Objects.requireNonNull(evictor, "evictor must not be null");
        return this;
    }

    /** As {@link #allowedLateness(Duration)}, with Flink 1.x's {@link Time}. */
    public WindowedStream<T, K, W> allowedLateness(Time lateness) {
        return allowedLateness(Time.toDuration(lateness, "lateness"));
    }

    /**
     * How long after the watermark passes a window's end it still accepts (and re-fires for) late
     * elements. Default zero.
     *
     * @throws IllegalArgumentException if negative
     */
    public WindowedStream<T, K, W> allowedLateness(Duration lateness) {
        this.allowedLatenessMillis = Durations.nonNegativeMillis(lateness, "allowedLateness");
        return this;
    }

    /** Sends late elements to side output {@code tag} instead of dropping them. */
    public WindowedStream<T, K, W> sideOutputLateData(OutputTag<T> tag) {
        this.lateTag = Objects.requireNonNull(tag, "output tag must not be null");
        return this;
    }

    /**
     * Aggregates sliding windows by panes: one accumulator per key and slide instead of one per key
     * and window, merged with {@link AggregateFunction#merge} when a window fires. An element then
     * costs one update instead of {@code size / slide}, which for a 10 s window sliding by 1 s is
     * several times faster (see the benchmarks page).
     *
     * <p>This is an opt-in because Flink never calls {@code merge} for sliding windows, so ported
     * functions often leave it unimplemented. By calling this you promise that {@code merge(a, b)}
     * returns the accumulator of both inputs' elements, and that it does not change {@code b} (it
     * may change and return {@code a}). Results are then exactly those without panes.
     *
     * <p>Applies to {@link dev.tidemark.windowing.assigners.SlidingEventTimeWindows} whose size is a
     * multiple of its slide, with the default trigger, no evictor and no allowed lateness, followed by
     * {@code aggregate(...)} or a function of every element ({@code process}, {@code apply});
     * anything else fails when the window function is given. Where it applies, an aggregate that
     * declares {@link AggregateFunction#mergesExactly()} (such as
     * {@link dev.tidemark.api.functions.Aggregations#count()}) shares panes without this call, and so
     * does a function of every element from three windows per element on: each element is kept once
     * per key and pane, and a window's function gets its elements in arrival order, as without panes.
     */
    public WindowedStream<T, K, W> sharePanes() {
        this.sharePanes = true;
        return this;
    }

    /** Reduces each window eagerly (one value per key and window) and emits the result. */
    public SingleOutputStreamOperator<T> reduce(ReduceFunction<T> function) {
        return reduce(function, WindowFunctions.passThrough());
    }

    /** Reduces each window eagerly, then hands the result to {@code windowFunction}. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function,
            ProcessWindowFunction<T, R, K, W> windowFunction) {
        Objects.requireNonNull(function, "reduce function must not be null");
        Objects.requireNonNull(windowFunction, "window function must not be null");
        if (evictor != null) {
            return build(null, null, WindowFunctions.reduceThen(function, windowFunction));
        }
        return build(function, null, windowFunction);
    }

    /** Aggregates each window eagerly (one accumulator per key and window) and emits the result. */
    public <ACC, V> SingleOutputStreamOperator<V> aggregate(AggregateFunction<T, ACC, V> function) {
        return aggregate(function, WindowFunctions.passThrough());
    }

    /** Aggregates each window eagerly, then hands the result to {@code windowFunction}. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            ProcessWindowFunction<V, R, K, W> windowFunction) {
        Objects.requireNonNull(function, "aggregate function must not be null");
        Objects.requireNonNull(windowFunction, "window function must not be null");
        if (evictor != null) {
            return build(null, null, WindowFunctions.aggregateThen(function, windowFunction));
        }
        return build(null, function, windowFunction);
    }

    /** Reduces each window eagerly, then hands the result to {@code windowFunction}. */
    public <R> SingleOutputStreamOperator<R> reduce(ReduceFunction<T> function, WindowFunction<T, R, K, W> windowFunction) {
        return reduce(function, WindowFunctions.of(requireWindowFunction(windowFunction)));
    }

    /** Aggregates each window eagerly, then hands the result to {@code windowFunction}. */
    public <ACC, V, R> SingleOutputStreamOperator<R> aggregate(AggregateFunction<T, ACC, V> function,
            WindowFunction<V, R, K, W> windowFunction) {
        return aggregate(function, WindowFunctions.of(requireWindowFunction(windowFunction)));
    }

    /** A field aggregation per window: see {@link FieldAggregations}. */
    @Override
    @Internal
    public SingleOutputStreamOperator<T> aggregateField(FieldAggregation<T> aggregation) {
        return reduce(aggregation).name(aggregation.describe());
    }

    /** Hands all elements of each window to {@code windowFunction} when it fires. */
    public <R> SingleOutputStreamOperator<R> apply(WindowFunction<T, R, K, W> windowFunction) {
        return process(WindowFunctions.of(requireWindowFunction(windowFunction)));
    }

    /**
     * Reduces each window eagerly, then hands the result to {@code windowFunction}.
     *
     * @deprecated as in Flink: use {@link #reduce(ReduceFunction, WindowFunction)}
     */
    @Deprecated
    public <R> SingleOutputStreamOperator<R> apply(ReduceFunction<T> function, WindowFunction<T, R, K, W> windowFunction) {
        return reduce(function, windowFunction);
    }

    private static <F> F requireWindowFunction(F windowFunction) {
        return Objects.requireNonNull(windowFunction, "window function must not be null");
    }

    /**
     * Hands all elements of each window to {@code windowFunction} when it fires, in arrival order.
     * Sliding windows that {@link #sharePanes() could share panes}, three or more per element, keep
     * each element once per key and slide rather than once per window it belongs to.
     */
    public <R> SingleOutputStreamOperator<R> process(ProcessWindowFunction<T, R, K, W> windowFunction) {
        Objects.requireNonNull(windowFunction, "window function must not be null");
        return build(null, null, windowFunction);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private <R> SingleOutputStreamOperator<R> build(ReduceFunction<T> reduce, AggregateFunction<T, ?, ?> aggregate,
            ProcessWindowFunction<?, R, K, W> function) {
        WindowOperatorSpec<K, T, R, W> spec = new WindowOperatorSpec<>(input.getKeySelector(), assigner, trigger,
                evictor, allowedLatenessMillis, lateTag, reduce, aggregate, function);
        // sum, min and max of a field: panes while every field allows them, a reduce per window after
        ReduceOnPanes.Aggregate<T> reduceOnPanes = reduce instanceof ReduceOnPanes<T> onPanes
                && WindowFunctions.isPassThrough(function) ? onPanes.onPanes() : null;
        boolean keepsElements = spec.keepsElements();
        String panesProblem = panesProblem(aggregate != null ? aggregate : reduceOnPanes, keepsElements);
        if (sharePanes && panesProblem != null) {
            throw new IllegalStateException("sharePanes() cannot apply: " + panesProblem);
        }
        boolean panes = panesProblem == null && (sharePanes || reduceOnPanes != null
                || (keepsElements ? elementsOnPanesPay() : aggregate.mergesExactly() && !flatWindowsPay(aggregate)));
        if (panesProblem == null && !panes && aggregate != null) {
            hintAtPanes(aggregate);
        }
        String name = panes ? "Paned" + spec.name() : spec.name();
        SerializedValue<WindowOperatorSpec> copies = DataStream.serialize((WindowOperatorSpec) spec, name);
        OperatorFactory<T, R> factory;
        if (panes && reduceOnPanes != null) {
            factory = ctx -> new PanesWhileExactOperator<>(copies.copy(), ctx);
        } else if (panes && sharePanes && !keepsElements) {
            factory = ctx -> new PanedWindowOperator<>(copies.copy(), ctx);
        } else if (panes) { // the merge is exact: a restore of accumulators or elements per window goes on with them
            factory = ctx -> new PanesUnlessRestoredWindows<>(copies.copy(), ctx);
        } else if (AlignedWindowOperator.applies(spec)) {
            factory = ctx -> new AlignedWindowOperator<>(copies.copy(), ctx);
        } else if (SessionWindowOperator.applies(spec)) {
            factory = ctx -> new SessionWindowOperator<>(copies.copy(), ctx);
        } else {
            factory = ctx -> new WindowOperator<>(copies.copy(), ctx);
        }
        return DataStream.described(input.oneInput(name, factory), () -> describe(copies.copy()));
    }

    private static Operation.Window describe(WindowOperatorSpec<?, ?, ?, ?> spec) {
        return new Operation.Window(spec.keySelector(), spec.assigner(), spec.trigger(), spec.evictor(),
                spec.allowedLatenessMillis(), spec.lateTag(), spec.reduce(), spec.aggregate(), spec.function());
    }

    /**
     * Whether a function of every element keeps its elements once per key and pane, in arrival order,
     * rather than in a list per key and window: from three windows per element on. With two, the
     * lists per window were 1.4-2.2 times as fast where keys have many elements per window, and panes
     * 1.5 times where they have one (benchmarks.md, twelfth round).
     */
    private boolean elementsOnPanesPay() {
        SlidingEventTimeWindows sliding = (SlidingEventTimeWindows) assigner;
        return sliding.getSize() / sliding.getSlide() >= ELEMENT_PANES_WINDOWS;
    }

    /**
     * Whether sliding windows whose aggregate merges exactly run faster kept per window than on panes:
     * when its accumulators are kept flat (a {@code long[]} or {@code double[]}, as
     * {@code Aggregations}' are), from {@value #FLAT_WINDOWS_PAY} windows per element on. There a
     * key's accumulators in its windows are adjacent words, where a firing on panes merges one
     * accumulator from each of that many tables: 1.04-1.08 times as fast with 20 windows, 1.1-1.45
     * with 30, 1.2-2.2 with 60; panes stay ahead with 10 (benchmarks.md, eighteenth round). Asks the
     * aggregate for one accumulator to see its type: {@code createAccumulator} is free of side effects.
     */
    private boolean flatWindowsPay(AggregateFunction<T, ?, ?> aggregate) {
        SlidingEventTimeWindows sliding = (SlidingEventTimeWindows) assigner;
        if (sliding.getSize() / sliding.getSlide() < FLAT_WINDOWS_PAY) {
            return false;
        }
        return AlignedWindowOperator.keepsFlat(aggregate.createAccumulator());
    }

    /**
     * Says, once per window operator built, what sliding windows that could share panes cost without
     * them: an element goes through the user's {@code add} once per window it belongs to.
     */
    private void hintAtPanes(AggregateFunction<T, ?, ?> aggregate) {
        SlidingEventTimeWindows sliding = (SlidingEventTimeWindows) assigner;
        long windowsPerElement = sliding.getSize() / sliding.getSlide();
        boolean users = !aggregate.getClass().getName().startsWith("dev.tidemark.runtime."); // SQL decides its own
        if (users && windowsPerElement >= PANES_HINT_WINDOWS && !flatWindowsPay(aggregate)) { // flat, panes would not pay
            LOG.info("Sliding windows with {}: each element is added to {} windows, one accumulator per key and"
                    + " window. If merge(a, b) gives what adding b's elements to a one by one gives, declare"
                    + " mergesExactly() on the function or call sharePanes(): then one accumulator per key and slide"
                    + " is kept and merged when a window fires, with the same results",
                    aggregate.getClass().getName(), windowsPerElement);
        }
    }

    /**
     * Why panes cannot apply to these windows and {@code aggregate}, or to a function of every element
     * ({@code keepsElements}), or {@code null} if they can.
     */
    private String panesProblem(AggregateFunction<T, ?, ?> aggregate, boolean keepsElements) {
        String problem = null;
        if (!(assigner instanceof SlidingEventTimeWindows sliding)) {
            problem = "the assigner must be SlidingEventTimeWindows, not " + assigner.getClass().getSimpleName();
        } else if (sliding.getSize() % sliding.getSlide() != 0) {
            problem = "the window size must be a multiple of the slide: size=" + sliding.getSize() + "ms, slide="
                    + sliding.getSlide() + "ms";
        } else if (!(trigger instanceof EventTimeTrigger)) {
            problem = "the trigger must be the default, not " + trigger.getClass().getSimpleName();
        } else if (evictor != null) {
            problem = "there must be no evictor";
        } else if (allowedLatenessMillis != 0) {
            problem = "there must be no allowed lateness, not " + allowedLatenessMillis + "ms";
        } else if (aggregate == null && !keepsElements) {
            problem = "the window function must be given with aggregate(...), or see every element";
        }
        return problem;
    }
}
