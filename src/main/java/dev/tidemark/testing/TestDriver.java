package dev.tidemark.testing;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.DataStreamSource;
import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.checkpoint.OperatorSnapshot;
import dev.tidemark.runtime.graph.JobGraph;
import dev.tidemark.runtime.graph.JobVertex;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.Planner;
import dev.tidemark.runtime.graph.SourceTransformation;
import dev.tidemark.runtime.metrics.AccumulatorRegistry;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.task.AlignmentGroups;
import dev.tidemark.runtime.task.ChannelConsumer;
import dev.tidemark.runtime.task.ChannelWriter;
import dev.tidemark.runtime.task.DirectChannel;
import dev.tidemark.runtime.task.JobWiring;
import dev.tidemark.runtime.task.OperatorChain;
import dev.tidemark.runtime.task.SourceContextImpl;
import dev.tidemark.runtime.task.SourceRunner;
import dev.tidemark.runtime.task.SplitPauses;
import dev.tidemark.runtime.task.Subtask;
import dev.tidemark.runtime.timers.ManualProcessingTimeService;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a pipeline synchronously on the calling thread with virtual processing time, so a test can
 * push input one step at a time and see exactly what each step produced.
 *
 * <pre>{@code
 * try (var driver = TestDriver.create()) {
 *     TestSource<Event> in = driver.source("events", Event.class);
 *     TestSink<Event> out = driver.sink(in.stream()
 *             .assignTimestampsAndWatermarks(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(1))));
 *     driver.start();
 *     in.emit(event, 1_000L);
 *     driver.advanceProcessingTime(Duration.ofMillis(200)); // periodic watermark emission
 *     assertThat(out.watermarks()).containsExactly(-1L);
 * }
 * }</pre>
 *
 * <p>Every call runs to quiescence before it returns, and the same script gives the same output
 * every run. Processing time starts at 0 and moves only through {@link #advanceProcessingTime}.
 * Sources other than {@link TestSource}s run to completion inside {@link #start()}, so they must be
 * bounded. A failure in the pipeline surfaces from the call that caused it as a
 * {@link JobExecutionException} naming the operator, with the original exception as cause; the
 * driver is unusable afterwards.
 *
 * <p>Threading: confined to the thread that created it.
 */
public final class TestDriver implements AutoCloseable {

    private final StreamExecutionEnvironment env;
    private final ManualProcessingTimeService clock;
    private final Map<SourceTransformation<?>, TestSource<?>> testSources = new HashMap<>();
    private final Map<TestSource.Partition<?>, SourceContextImpl<Object>> contexts = new HashMap<>();
    private final Map<TestSource.Partition<?>, SplitPauses> pauses = new HashMap<>();
    private final List<OperatorChain> chains = new ArrayList<>();
    private final MetricRegistry metrics;
    private final AccumulatorRegistry accumulators = new AccumulatorRegistry();
    private ExecutionConfig config;
    private JobGraph graph;
    private long nextCheckpointId = 1;
    private State state = State.BUILDING;
    private JobExecutionException failure;

    private enum State { BUILDING, RUNNING, FAILED, CLOSED }

    private TestDriver(long startMillis) {
        this.clock = new ManualProcessingTimeService(startMillis);
        this.metrics = new MetricRegistry(clock::currentProcessingTime);
        this.env = StreamExecutionEnvironment.createWith((name, transformations, parallelism, config, tc) -> {
            throw new IllegalStateException("a TestDriver's environment runs through driver.start(), not execute()");
        });
    }

    /** A driver whose virtual processing time starts at 0. */
    public static TestDriver create() {
        return new TestDriver(0);
    }

    /** A driver whose virtual processing time starts at {@code startMillis}. */
    public static TestDriver create(long startMillis) {
        return new TestDriver(startMillis);
    }

    /** The environment to build the pipeline on. */
    public StreamExecutionEnvironment env() {
        return env;
    }

    /** A source with one partition whose input the test pushes. */
    public <T> TestSource<T> source(String name, Class<T> type) {
        return source(name, type, 1);
    }

    /** A source with {@code partitions} partitions, each with its own watermarks, idleness and end. */
    public <T> TestSource<T> source(String name, Class<T> type, int partitions) {
        return source(name, type, partitions, null);
    }

    /**
     * A source with {@code partitions} partitions whose timestamps and watermarks come from
     * {@code strategy}, one assigner and generator per partition, combined by minimum over the
     * active partitions (as a Kafka source's per-partition watermarks). Watermarks pushed with
     * {@code emitWatermark} are then ignored.
     */
    public <T> TestSource<T> source(String name, Class<T> type, int partitions, WatermarkStrategy<T> strategy) {
        checkState(State.BUILDING, "add sources");
        Objects.requireNonNull(type, "type must not be null");
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1: partitions=" + partitions);
        }
        DataStreamSource<T> stream = strategy == null
                ? env.addSource(new TestSourceFunction<T>(), name).returns(type)
                : env.fromSource(new TestSourceFunction<T>(), strategy, name).returns(type);
        TestSource<T> source = new TestSource<>(this, name, stream, partitions);
        testSources.put((SourceTransformation<?>) stream.getTransformation(), source);
        return source;
    }

    /** Captures everything that reaches {@code stream}: records, watermarks, status, end. */
    public <T> TestSink<T> sink(DataStream<T> stream) {
        checkState(State.BUILDING, "add sinks");
        TestSink<T> sink = new TestSink<>();
        env.addTransformation(new OneInputTransformation<T, Void>(
                "TestSink", stream.getTransformation(), ctx -> new TestSinkOperator<>(sink), true));
        return sink;
    }

    /**
     * Plans the pipeline, opens every operator, and runs non-test sources to completion.
     *
     * @throws JobExecutionException if an operator fails while opening or processing
     */
    public void start() {
        start(null);
    }

    /**
     * Like {@link #start()}, with every operator's state restored from {@code snapshot} (taken by
     * {@link #snapshot()} on a driver running the same program, at any parallelism).
     *
     * @throws IllegalArgumentException if the snapshot was taken with another maximum parallelism
     */
    public void start(JobSnapshot snapshot) {
        checkState(State.BUILDING, "start");
        config = env.getConfig().copy();
        CompletedCheckpoint restore = checkSnapshot(snapshot);
        state = State.RUNNING;
        graph = Planner.plan(env.getTransformations(), env.getParallelism());
        launch(restore);
    }

    /**
     * A snapshot of every operator's state now, between two steps (nothing is in flight, so no
     * barriers are needed), then reported complete to every operator, as a completed checkpoint
     * would be: a sink that commits on completion commits here.
     */
    public JobSnapshot snapshot() {
        checkState(State.RUNNING, "snapshot");
        long id = nextCheckpointId++;
        long now = clock.currentProcessingTime();
        List<OperatorSnapshot> snapshots = new ArrayList<>();
        guarded(() -> {
            for (OperatorChain chain : chains) {
                snapshots.addAll(chain.snapshotState(id, now));
            }
            for (OperatorChain chain : chains) {
                chain.notifyCheckpointComplete(id);
            }
        });
        return new CompletedCheckpoint(id, now, config.getMaxParallelism(), snapshots);
    }

    /**
     * Simulates a failure and recovery: closes every operator and replaces them with new instances
     * restored from {@code snapshot}. Test sources and sinks stay; what the sinks received after the
     * snapshot was taken is not taken back, so a test sees what a replay would add.
     */
    public void restore(JobSnapshot snapshot) {
        checkState(State.RUNNING, "restore");
        CompletedCheckpoint restore = checkSnapshot(Objects.requireNonNull(snapshot, "snapshot must not be null"));
        closeChains();
        contexts.clear();
        pauses.clear();
        launch(restore);
    }

    private CompletedCheckpoint checkSnapshot(JobSnapshot snapshot) {
        if (snapshot == null) {
            return null;
        }
        if (!(snapshot instanceof CompletedCheckpoint restore)) {
            throw new IllegalArgumentException("snapshot must come from Tidemark: class=" + snapshot.getClass().getName());
        }
        if (restore.maxParallelism() != config.getMaxParallelism()) {
            throw new IllegalArgumentException("snapshot must have the job's max parallelism: snapshot="
                    + restore.maxParallelism() + ", job=" + config.getMaxParallelism()
                    + "; key groups cannot be redistributed to another number of key groups");
        }
        nextCheckpointId = Math.max(nextCheckpointId, restore.checkpointId() + 1);
        return restore;
    }

    private void launch(CompletedCheckpoint restore) {
        guarded(() -> {
            List<Subtask> subtasks = JobWiring.wire(graph,
                    new OperatorChain.Settings(config, env.getStreamTimeCharacteristic(), metrics,
                            new AlignmentGroups(), accumulators), new DriverEnvironment());
            if (restore != null) {
                restore.checkClaimed(JobWiring.operatorIds(subtasks),
                        config.getCheckpointConfig().isAllowNonRestoredState());
            }
            for (Subtask subtask : subtasks) {
                chains.add(subtask.chain());
                subtask.chain().initializeState(restore);
                subtask.chain().open();
            }
            List<Runnable> bounded = new ArrayList<>();
            for (Subtask subtask : subtasks) {
                subtask.start(config.getEndOfInput());
                if (subtask.vertex().isSource()) {
                    bindSource(subtask, bounded, restore);
                }
            }
            bounded.forEach(Runnable::run);
        });
    }

    /** Everything runs on the caller's thread: direct channels, one virtual clock. */
    private final class DriverEnvironment implements JobWiring.Environment {
        @Override
        public ProcessingTimeService timeService(JobVertex vertex, int subtaskIndex) {
            return clock;
        }

        @Override
        public ChannelWriter channel(Subtask consumer, int channelIndex, int channelCount, ChannelConsumer target,
                String producer) {
            return new DirectChannel(channelIndex, target);
        }

        @Override
        public java.util.function.LongSupplier splitClock(JobVertex vertex, int channel, ProcessingTimeService time) {
            TestSource<?> testSource = testSources.get((SourceTransformation<?>) vertex.head().transformation());
            if (testSource == null) {
                return time::currentProcessingTime;
            }
            TestSource.Partition<?> partition = testSource.partitions().get(channel);
            return () -> clock.currentProcessingTime() + partition.clockAheadMillis();
        }

        @Override
        public int sourceChannels(JobVertex vertex, int subtaskIndex) {
            SourceTransformation<?> source = (SourceTransformation<?>) vertex.head().transformation();
            TestSource<?> testSource = testSources.get(source);
            return testSource != null ? testSource.partitions().size()
                    : source.ownedSplits(subtaskIndex, vertex.parallelism()).size();
        }
    }

    private void bindSource(Subtask subtask, List<Runnable> boundedSources, CompletedCheckpoint restore) {
        SourceTransformation<?> transformation = (SourceTransformation<?>) subtask.vertex().head().transformation();
        TestSource<?> testSource = testSources.get(transformation);
        if (testSource != null) {
            for (TestSource.Partition<?> p : testSource.partitions()) {
                pauses.put(p, subtask.pauses());
                contexts.put(p, new SourceContextImpl<>(transformation.name() + "[" + p.index() + "]",
                        subtask.sourceChannels().get(p.index()), clock::currentProcessingTime));
            }
        } else {
            SourceRunner runner = new SourceRunner(transformation, subtask, config,
                    clock::currentProcessingTime, restore, false);
            boundedSources.add(() -> {
                try {
                    runner.run();
                } catch (OperatorException e) {
                    throw e;
                } catch (Exception e) {
                    throw OperatorException.tag(runner.name(), e);
                }
            });
        }
    }

    /**
     * Moves virtual processing time forward by {@code duration}, firing periodic watermark emission
     * and processing-time timers at each due time on the way, in time order.
     */
    public void advanceProcessingTime(Duration duration) {
        Objects.requireNonNull(duration, "duration must not be null");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration must not be negative: duration=" + duration);
        }
        advanceProcessingTimeTo(clock.currentProcessingTime() + duration.toMillis());
    }

    /** Moves virtual processing time forward to {@code timeMillis}; see {@link #advanceProcessingTime}. */
    public void advanceProcessingTimeTo(long timeMillis) {
        checkState(State.RUNNING, "advance time");
        guarded(() -> {
            try {
                clock.advanceTo(timeMillis);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new OperatorException("processing-time timer", e);
            }
        });
    }

    /** What the pipeline's functions added to their accumulators so far, merged over instances, by name. */
    public Map<String, Object> accumulatorResults() {
        return accumulators.results();
    }

    /**
     * How many values the keyed state of operator {@code operatorName} holds, over all its parallel
     * instances: one per key (and window) per state, as Flink's harness counts them; what a test
     * checks to see state cleaned up.
     *
     * @throws IllegalArgumentException if no operator of that name keeps keyed state
     * @throws UnsupportedOperationException for a window operator that keeps its windows in tables of its own
     */
    public long numKeyedStateEntries(String operatorName) {
        return counts(operatorName).stream().mapToLong(KeyedStateCounts::numKeyedStateEntries).sum();
    }

    /** The event-time timers registered in operator {@code operatorName}, over all its instances. */
    public int numEventTimeTimers(String operatorName) {
        return counts(operatorName).stream().mapToInt(KeyedStateCounts::numEventTimeTimers).sum();
    }

    /** The processing-time timers registered in operator {@code operatorName}, over all its instances. */
    public int numProcessingTimeTimers(String operatorName) {
        return counts(operatorName).stream().mapToInt(KeyedStateCounts::numProcessingTimeTimers).sum();
    }

    private List<KeyedStateCounts> counts(String operatorName) {
        checkState(State.RUNNING, "count keyed state");
        return OperatorCounts.of(chains, operatorName);
    }

    /**
     * The pipeline's counters by {@code "<operator>.<metric>"}, for example
     * {@code "Window.numLateRecordsDropped"}.
     */
    public Map<String, Long> metrics() {
        return metrics.snapshot();
    }

    /** The current virtual processing time. */
    public long currentProcessingTime() {
        return clock.currentProcessingTime();
    }

    void step(TestSource.Partition<?> partition, java.util.function.Consumer<SourceContextImpl<Object>> action) {
        checkState(State.RUNNING, "emit into " + partition);
        SourceContextImpl<Object> ctx = contexts.get(partition);
        guarded(() -> action.accept(ctx));
    }

    boolean isPaused(TestSource.Partition<?> partition) {
        checkState(State.RUNNING, "ask about " + partition);
        return pauses.get(partition).isPaused(partition.index());
    }

    void finish(TestSource.Partition<?> partition) {
        step(partition, ctx -> ctx.finish(config.getEndOfInput()));
    }

    private void guarded(Runnable step) {
        try {
            step.run();
        } catch (OperatorException e) {
            fail(e.operatorName(), e.getCause());
        } catch (IllegalStateException | IllegalArgumentException | NullPointerException e) {
            throw e; // misuse of a source context (user code is tagged with its operator): the pipeline is fine
        } catch (RuntimeException | Error e) {
            fail("test driver", e);
        }
    }

    private void fail(String operator, Throwable cause) {
        failure = new JobExecutionException("job under test failed: operator '" + operator + "' threw " + cause,
                operator, cause);
        state = State.FAILED;
        closeChains();
        throw failure;
    }

    private void checkState(State expected, String action) {
        if (state == State.FAILED) {
            throw new IllegalStateException("driver must not be used after a failure: action=" + action, failure);
        }
        if (state != expected) {
            throw new IllegalStateException("driver must be " + expected.name().toLowerCase() + " to " + action
                    + ": state=" + state.name().toLowerCase());
        }
    }

    /** Closes every operator. */
    @Override
    public void close() {
        if (state == State.RUNNING) {
            closeChains();
        }
        if (state != State.FAILED) {
            state = State.CLOSED;
        }
    }

    private void closeChains() {
        for (OperatorChain chain : chains) {
            chain.closeAll();
        }
        chains.clear();
    }

    /** The placeholder function behind a {@link TestSource}: the driver feeds the chain itself. */
    static final class TestSourceFunction<T> implements SourceFunction<T> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SourceContext<T> ctx) {
            throw new IllegalStateException("a TestSource must run under its TestDriver, not execute()");
        }

        @Override
        public void cancel() {}
    }
}
