package dev.tidemark.api;

import dev.tidemark.api.source.ComposedSource;
import dev.tidemark.api.source.FromElementsSource;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.source.SplitSource;
import dev.tidemark.api.typeinfo.ResultTypeQueryable;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.checkpoint.CheckpointConfig;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.task.LocalExecutor;
import dev.tidemark.runtime.task.PipelineExecutor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Where a pipeline is built and run, embedded in the calling JVM: no cluster, one thread per task.
 *
 * <pre>{@code
 * var env = StreamExecutionEnvironment.create();
 * env.fromElements(3, 1, 2).map(i -> i * 10).print();
 * env.execute("example");
 * }</pre>
 *
 * <p>Threading: build and execute from one thread. {@link #execute} blocks until every bounded
 * source has ended; {@link #executeAsync} returns a {@link JobClient} at once. Executing runs every
 * operator added since the last execution, then forgets them (as Flink does).
 */
public final class StreamExecutionEnvironment {

    /** The default number of key groups. */
    public static final int DEFAULT_MAX_PARALLELISM = 128;

    private final PipelineExecutor executor;
    private final ExecutionConfig config = new ExecutionConfig();
    private final List<Transformation<?>> transformations = new ArrayList<>();
    private int parallelism = 1;
    private TimeCharacteristic timeCharacteristic = TimeCharacteristic.EVENT_TIME;
    private RuntimeExecutionMode runtimeMode = RuntimeExecutionMode.STREAMING;

    private StreamExecutionEnvironment(PipelineExecutor executor) {
        this.executor = executor;
    }

    /** Where {@link #getExecutionEnvironment()} gets its environment from, when a test has set one. */
    private static volatile StreamExecutionEnvironmentFactory contextFactory;

    /** An environment that runs jobs on threads of this JVM, at parallelism 1 unless set. */
    public static StreamExecutionEnvironment create() {
        return new StreamExecutionEnvironment(new LocalExecutor());
    }

    /**
     * The environment a program runs in, as Flink programs get theirs: the one a test set up as
     * context ({@code TestStreamEnvironment.setAsContext}), otherwise
     * {@link #createLocalEnvironment()}: threads of this JVM at parallelism = the number of cores,
     * as Flink's local environment has.
     */
    public static StreamExecutionEnvironment getExecutionEnvironment() {
        StreamExecutionEnvironmentFactory factory = contextFactory;
        return factory != null ? factory.createExecutionEnvironment(new Configuration()) : createLocalEnvironment();
    }

    /** As {@link #getExecutionEnvironment()}; {@code configuration} goes to the context's factory. */
    public static StreamExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        StreamExecutionEnvironmentFactory factory = contextFactory;
        return factory != null ? factory.createExecutionEnvironment(new Configuration(configuration))
                : createLocalEnvironment();
    }

    /** Threads of this JVM, at parallelism = the number of cores ({@code Runtime.availableProcessors()}), as in Flink. */
    public static StreamExecutionEnvironment createLocalEnvironment() {
        return createLocalEnvironment(Runtime.getRuntime().availableProcessors());
    }

    /** Threads of this JVM, at {@code parallelism}. */
    public static StreamExecutionEnvironment createLocalEnvironment(int parallelism) {
        return create().setParallelism(parallelism);
    }

    /**
     * Makes {@link #getExecutionEnvironment()} return what {@code factory} creates, until
     * {@link #resetContextEnvironment()}: how a test runs a program whose {@code main} builds its own
     * environment. {@code dev.tidemark.testing.TestStreamEnvironment} is the way to use it.
     */
    @Internal
    public static void initializeContextEnvironment(StreamExecutionEnvironmentFactory factory) {
        contextFactory = Objects.requireNonNull(factory, "factory must not be null");
    }

    /** Undoes {@link #initializeContextEnvironment}. */
    @Internal
    public static void resetContextEnvironment() {
        contextFactory = null;
    }

    /** An environment whose jobs run through {@code executor} (the test driver's). */
    @Internal
    public static StreamExecutionEnvironment createWith(PipelineExecutor executor) {
        return new StreamExecutionEnvironment(Objects.requireNonNull(executor, "executor must not be null"));
    }

    /**
     * Accepts Flink's execution modes; every job runs as a stream (see {@link RuntimeExecutionMode}
     * for what that means for {@code BATCH}).
     */
    public StreamExecutionEnvironment setRuntimeMode(RuntimeExecutionMode mode) {
        this.runtimeMode = Objects.requireNonNull(mode, "runtime mode must not be null");
        return this;
    }

    /** The mode set with {@link #setRuntimeMode}; {@code STREAMING} unless set. */
    public RuntimeExecutionMode getRuntimeMode() {
        return runtimeMode;
    }

    /** The job configuration. */
    public ExecutionConfig getConfig() {
        return config;
    }

    /** The default parallelism of operators (this version runs parallelism 1 only). */
    public StreamExecutionEnvironment setParallelism(int parallelism) {
        this.parallelism = checkParallelism(parallelism);
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    /** The number of key groups, the upper bound for parallelism when state is rescaled. */
    public StreamExecutionEnvironment setMaxParallelism(int maxParallelism) {
        config.setMaxParallelism(maxParallelism);
        return this;
    }

    public int getMaxParallelism() {
        return config.getMaxParallelism();
    }

    /**
     * Chooses the clock of time-based operations. As in Flink, choosing processing time turns the
     * auto-watermark interval off, and choosing event or ingestion time turns it back on (200 ms)
     * if it was off.
     */
    public StreamExecutionEnvironment setStreamTimeCharacteristic(TimeCharacteristic characteristic) {
        this.timeCharacteristic = Objects.requireNonNull(characteristic, "time characteristic must not be null");
        if (characteristic == TimeCharacteristic.PROCESSING_TIME) {
            config.setAutoWatermarkInterval(java.time.Duration.ZERO);
        } else if (config.getAutoWatermarkIntervalMillis() == 0) {
            config.setAutoWatermarkInterval(ExecutionConfig.DEFAULT_AUTO_WATERMARK_INTERVAL);
        }
        return this;
    }

    public TimeCharacteristic getStreamTimeCharacteristic() {
        return timeCharacteristic;
    }

    /** A stream from {@code source}, named "Custom Source". */
    public <T> DataStreamSource<T> addSource(SourceFunction<T> source) {
        return addSource(source, "Custom Source");
    }

    /** A stream from {@code source}, named {@code name}. */
    public <T> DataStreamSource<T> addSource(SourceFunction<T> source, String name) {
        Objects.requireNonNull(source, "source must not be null");
        SourceTransformation<T> t = new SourceTransformation<>(Names.check(name), source);
        return added(t, source);
    }

    /** Adds the source's node, with the type it declares if it is {@link ResultTypeQueryable}. */
    private <T> DataStreamSource<T> added(SourceTransformation<T> t, Object source) {
        if (source instanceof ResultTypeQueryable<?> typed) {
            t.setOutputType(typed.getProducedType());
        }
        addTransformation(t);
        return new DataStreamSource<>(this, t);
    }

    /**
     * A stream from a source made of splits, with one timestamp assigner and watermark generator
     * per split from {@code strategy}, combined by minimum over the active splits (see
     * {@link SplitSource}). Runs at the environment's parallelism unless set otherwise.
     */
    public <T> DataStreamSource<T> fromSource(SplitSource<T> source, WatermarkStrategy<T> strategy, String name) {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(strategy, "watermark strategy must not be null");
        if (source.splitCount() < 1) {
            throw new IllegalArgumentException("split count must be at least 1: splitCount=" + source.splitCount()
                    + ", source=" + name);
        }
        SourceTransformation<T> t = new SourceTransformation<>(Names.check(name), source, strategy);
        return added(t, source);
    }

    /**
     * A stream from {@code source} whose timestamps and watermarks come from {@code strategy},
     * applied on the task thread right behind the source (the test driver's per-partition sources).
     */
    @Internal
    public <T> DataStreamSource<T> fromSource(SourceFunction<T> source, WatermarkStrategy<T> strategy, String name) {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(strategy, "watermark strategy must not be null");
        SourceTransformation<T> t = new SourceTransformation<>(Names.check(name), source, strategy);
        return added(t, source);
    }

    /**
     * A stream from a source made of several operators (the file source), timestamped by
     * {@code strategy}; unlike Flink's, what it returns is the last operator's stream.
     */
    public <T> SingleOutputStreamOperator<T> fromSource(ComposedSource<T> source, WatermarkStrategy<T> strategy,
            String name) {
        Objects.requireNonNull(source, "source must not be null");
        Objects.requireNonNull(strategy, "watermark strategy must not be null");
        return source.addTo(this, strategy, Names.check(name));
    }

    /**
     * A bounded stream of {@code elements}, in order, without timestamps.
     *
     * @throws IllegalArgumentException if there are no elements or one is not serializable
     * @throws NullPointerException if an element is null
     */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(T... elements) {
        Objects.requireNonNull(elements, "elements must not be null");
        return fromCollection(Arrays.asList(elements));
    }

    /**
     * A bounded stream of the collection's elements, in iteration order, without timestamps. Its
     * type is the elements' class when they all have the same one, as Flink takes it from them.
     */
    @SuppressWarnings("unchecked")
    public <T> DataStreamSource<T> fromCollection(Collection<T> elements) {
        Objects.requireNonNull(elements, "elements must not be null");
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("elements must not be empty: size=0");
        }
        DataStreamSource<T> source = addSource(new FromElementsSource<>(elements), "Collection Source");
        Class<?> common = null;
        for (T element : elements) {
            Class<?> type = element == null ? null : element.getClass();
            if (type == null || common != null && common != type) {
                return source; // mixed classes (or a null, refused when the source runs): the type stays open
            }
            common = type;
        }
        return source.returns((Class<T>) common);
    }

    /** As {@link #fromElements}, declaring the element type (Flink's overload). */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromElements(Class<T> type, T... elements) {
        return fromElements(elements).returns(Objects.requireNonNull(type, "type must not be null"));
    }

    /** Flink 1.19+'s name for {@link #fromElements}: a bounded stream of the elements, in order. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromData(T... elements) {
        return fromElements(elements);
    }

    /** Flink 1.19+'s name for {@link #fromCollection}. */
    public <T> DataStreamSource<T> fromData(Collection<T> elements) {
        return fromCollection(elements);
    }

    /** As {@link #fromData(Object[])}, declaring the element type. */
    @SafeVarargs
    public final <T> DataStreamSource<T> fromData(TypeInformation<T> type, T... elements) {
        return fromElements(elements).returns(Objects.requireNonNull(type, "type must not be null"));
    }

    /** As {@link #fromData(Collection)}, declaring the element type. */
    public <T> DataStreamSource<T> fromData(Collection<T> elements, TypeInformation<T> type) {
        return fromCollection(elements).returns(Objects.requireNonNull(type, "type must not be null"));
    }

    /** A bounded stream of the longs {@code from} to {@code to}, both inclusive. */
    public DataStreamSource<Long> fromSequence(long from, long to) {
        return addSource(new SequenceSource(from, to), "Sequence Source");
    }

    /** Runs the pipeline, named "Tidemark job", and waits for it to end. */
    public JobExecutionResult execute() throws InterruptedException {
        return execute("Tidemark job");
    }

    /**
     * Runs the pipeline and waits until every bounded source has ended and every operator finished.
     *
     * @throws JobExecutionException if an operator failed: the message names it, the cause is its exception
     * @throws IllegalStateException if there is nothing to run
     * @throws InterruptedException if the calling thread is interrupted; the job is then cancelled
     */
    public JobExecutionResult execute(String jobName) throws InterruptedException {
        JobClient job = executeAsync(jobName);
        try {
            return job.await();
        } catch (InterruptedException e) {
            job.cancel();
            throw e;
        }
    }

    /**
     * Takes a checkpoint every {@code interval} into {@code directory}, so a failed job restarts from
     * its latest state (with a {@link CheckpointConfig#setRestartStrategy restart strategy}) and a new
     * run can start from a retained checkpoint. See {@code docs/concepts/fault-tolerance.md}.
     */
    public StreamExecutionEnvironment enableCheckpointing(java.time.Duration interval, java.nio.file.Path directory) {
        Objects.requireNonNull(interval, "interval must not be null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("checkpoint interval must be positive: interval=" + interval);
        }
        config.getCheckpointConfig().setInterval(interval).setDirectory(directory);
        return this;
    }

    /**
     * Takes a checkpoint every {@code intervalMillis}, as Flink programs ask for it: into the
     * directory set with {@code getCheckpointConfig().setCheckpointStorage(...)} or
     * {@code setDirectory(...)}, or, without one, into a temporary directory of the job that is
     * removed when it ends, so that restarts restore its latest state but a new process does not
     * (as Flink's default, in-memory checkpoint storage).
     */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis) {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("checkpoint interval must be positive: intervalMillis=" + intervalMillis);
        }
        config.getCheckpointConfig().setInterval(java.time.Duration.ofMillis(intervalMillis));
        return this;
    }

    /** As {@link #enableCheckpointing(long)}, with Flink's mode (both give exactly-once state here). */
    public StreamExecutionEnvironment enableCheckpointing(long intervalMillis, dev.tidemark.checkpoint.CheckpointingMode mode) {
        enableCheckpointing(intervalMillis);
        config.getCheckpointConfig().setCheckpointingMode(mode);
        return this;
    }

    /** How the job takes checkpoints, restarts, and what it restores from. */
    public CheckpointConfig getCheckpointConfig() {
        return config.getCheckpointConfig();
    }

    /** Starts the pipeline, named "Tidemark job", and returns at once. */
    public JobClient executeAsync() {
        return executeAsync("Tidemark job");
    }

    /** Starts the pipeline and returns at once. */
    public JobClient executeAsync(String jobName) {
        Names.check(jobName);
        JobClient job = executor.executeAsync(
                jobName, List.copyOf(transformations), parallelism, config.copy(), timeCharacteristic);
        transformations.clear();
        return job;
    }

    /**
     * A read-only view of the pipeline built since the last execution, with fresh copies of its
     * functions: what a runner for another engine translates ({@code FlinkRunner}). Reading it
     * changes nothing.
     */
    public dev.tidemark.api.graph.PipelineGraph getPipelineGraph() {
        return dev.tidemark.runtime.graph.PipelineGraphs.of(transformations, parallelism, config);
    }

    /** Every node added since the last execution, in creation order. */
    @Internal
    public List<Transformation<?>> getTransformations() {
        return List.copyOf(transformations);
    }

    @Internal
    public void addTransformation(Transformation<?> transformation) {
        transformations.add(Objects.requireNonNull(transformation, "transformation must not be null"));
    }

    static int checkParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: parallelism=" + parallelism);
        }
        return parallelism;
    }
}
