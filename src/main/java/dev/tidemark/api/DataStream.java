package dev.tidemark.api;

import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.api.sink.PrintSink;
import dev.tidemark.eventtime.AssignerWithPeriodicWatermarks;
import dev.tidemark.eventtime.AssignerWithPunctuatedWatermarks;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.PartitionTransformation;
import dev.tidemark.runtime.graph.Partitioner;
import dev.tidemark.runtime.graph.UnionTransformation;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.graph.Transformation;
import dev.tidemark.runtime.operators.FilterOperator;
import dev.tidemark.runtime.operators.FlatMapOperator;
import dev.tidemark.runtime.operators.MapOperator;
import dev.tidemark.runtime.operators.ProcessOperator;
import dev.tidemark.runtime.operators.SinkOperator;
import dev.tidemark.runtime.operators.TimestampsAndWatermarksOperator;
import java.util.List;
import java.util.Objects;

/**
 * A stream of elements, each with an optional event timestamp, interleaved with watermarks.
 * Operations return new streams; nothing runs until the environment executes.
 *
 * <p>Every function passed here must be serializable and is copied for each parallel instance of
 * each execution: side effects on objects it captured are not visible to the caller. Collect results
 * with {@link #executeAndCollect()}, a sink, or the test driver.
 *
 * @param <T> the element type
 */
public class DataStream<T> {

    protected final StreamExecutionEnvironment environment;
    protected final Transformation<T> transformation;

    DataStream(StreamExecutionEnvironment environment, Transformation<T> transformation) {
        this.environment = environment;
        this.transformation = transformation;
    }

    /** The environment this stream belongs to. */
    public StreamExecutionEnvironment getExecutionEnvironment() {
        return environment;
    }

    /**
     * The element type this stream declared ({@code returns(..)}, {@code map(fn, type)}, a typed
     * source), or {@code Object}'s where none was declared: Tidemark does not extract types, and
     * needs none to run. Flink programs use it for {@code getType().createSerializer(config)}, which
     * works either way.
     */
    @SuppressWarnings("unchecked")
    public TypeInformation<T> getType() {
        TypeInformation<?> declared = transformation.outputTypeInfo();
        return (TypeInformation<T>) (declared != null ? declared : TypeInformation.of(Object.class));
    }

    /** The node that produces this stream. */
    @Internal
    public Transformation<T> getTransformation() {
        return transformation;
    }

    /**
     * Partitions the stream by the key {@code key} extracts, for keyed state, timers and windows.
     * The key must not be null.
     */
    public <K> KeyedStream<T, K> keyBy(KeySelector<T, K> key) {
        java.util.Objects.requireNonNull(key, "key selector must not be null");
        dev.tidemark.runtime.graph.KeyTypes.check(key);
        key = dev.tidemark.runtime.graph.UnboxedKeys.of(key); // Event::userId, a long, is never boxed
        SerializedValue<KeySelector<T, K>> serialized = serialize(key, "KeyBy");
        return new KeyedStream<>(environment,
                new PartitionTransformation<>(transformation, new Partitioner.Hash(serialized)), key, serialized);
    }

    /** This stream and {@code other} as the two inputs of one operator. */
    public <T2> ConnectedStreams<T, T2> connect(DataStream<T2> other) {
        Objects.requireNonNull(other, "other stream must not be null");
        return new ConnectedStreams<>(environment, transformation, other.transformation, keySelectorOf(this),
                keySelectorOf(other));
    }

    /**
     * Joins this stream with {@code other} by key and window: see {@link JoinedStreams}. For joins by
     * a time interval between the two elements, see {@link KeyedStream#intervalJoin}.
     */
    public <T2> JoinedStreams<T, T2> join(DataStream<T2> other) {
        return new JoinedStreams<>(this, Objects.requireNonNull(other, "other stream must not be null"));
    }

    /** Groups this stream and {@code other} together by key and window: see {@link CoGroupedStreams}. */
    public <T2> CoGroupedStreams<T, T2> coGroup(DataStream<T2> other) {
        return new CoGroupedStreams<>(this, Objects.requireNonNull(other, "other stream must not be null"));
    }

    /** The key of a keyed stream (so keyed streams connect as keyed), or {@code null}. */
    private static <X> SerializedValue<? extends KeySelector<X, ?>> keySelectorOf(DataStream<X> stream) {
        return stream instanceof KeyedStream<X, ?> keyed ? keyed.serializedKeySelector() : null;
    }

    /** Distributes elements round-robin over all instances of the next operator. */
    public DataStream<T> rebalance() {
        return partitioned(new Partitioner.Rebalance());
    }

    /** Distributes elements round-robin over a local subset of the next operator's instances. */
    public DataStream<T> rescale() {
        return partitioned(new Partitioner.Rescale());
    }

    /** Sends each element to a pseudo-random instance of the next operator. */
    public DataStream<T> shuffle() {
        return partitioned(new Partitioner.Shuffle());
    }

    /** Sends every element to every instance of the next operator. */
    public DataStream<T> broadcast() {
        return partitioned(new Partitioner.Broadcast());
    }

    /** Sends every element to the first instance of the next operator. */
    public DataStream<T> global() {
        return partitioned(new Partitioner.Global());
    }

    /** Instance i feeds instance i of the next operator, which must have the same parallelism. */
    public DataStream<T> forward() {
        return partitioned(new Partitioner.Forward());
    }

    private DataStream<T> partitioned(Partitioner partitioner) {
        return new DataStream<>(environment, new PartitionTransformation<>(transformation, partitioner));
    }

    /**
     * This stream and {@code others} as one stream of the same type. An operator reading it takes
     * its watermark as the minimum over all of them.
     */
    @SafeVarargs
    public final DataStream<T> union(DataStream<T>... others) {
        java.util.List<Transformation<T>> inputs = new java.util.ArrayList<>();
        inputs.add(transformation);
        for (DataStream<T> other : others) {
            if (other.environment != environment) {
                throw new IllegalArgumentException("union must combine streams of one environment");
            }
            inputs.add(other.transformation);
        }
        return new DataStream<>(environment, new UnionTransformation<>(inputs));
    }

    /**
     * Cuts the whole (non-keyed) stream into the windows {@code assigner} chooses; the window
     * operator runs as one instance.
     */
    public <W extends dev.tidemark.windowing.windows.Window> AllWindowedStream<T, W> windowAll(
            dev.tidemark.windowing.assigners.WindowAssigner<? super T, W> assigner) {
        KeyedStream<T, Byte> single = keyBy(new ConstantKey<>());
        return new AllWindowedStream<>(single.window(assigner));
    }

    /** The key of {@code windowAll}: every element shares it. */
    private static final class ConstantKey<T> implements KeySelector<T, Byte> {
        private static final long serialVersionUID = 1L;

        @Override
        public Byte getKey(T value) {
            return 0;
        }
    }

    /** Applies {@code mapper} to every element; results keep their input's timestamp. */
    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper) {
        SerializedValue<MapFunction<T, R>> fn = serialize(mapper, "Map");
        return described(oneInput("Map", ctx -> new MapOperator<>(fn.copy(), ctx)), () -> new Operation.Map(fn.copy()));
    }

    /** As {@link #map(MapFunction)}, declaring the result type (kept for tools that translate the pipeline). */
    public <R> SingleOutputStreamOperator<R> map(MapFunction<T, R> mapper, TypeInformation<R> outputType) {
        return map(mapper).returns(outputType);
    }

    /** Keeps the elements for which {@code filter} returns {@code true}. */
    public SingleOutputStreamOperator<T> filter(FilterFunction<T> filter) {
        SerializedValue<FilterFunction<T>> fn = serialize(filter, "Filter");
        return ofThisType(described(oneInput("Filter", ctx -> new FilterOperator<>(fn.copy(), ctx)),
                () -> new Operation.Filter(fn.copy())));
    }

    /** Applies {@code flatMapper}, which emits zero or more results per element. */
    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper) {
        SerializedValue<FlatMapFunction<T, R>> fn = serialize(flatMapper, "FlatMap");
        return described(oneInput("FlatMap", ctx -> new FlatMapOperator<>(fn.copy(), ctx)),
                () -> new Operation.FlatMap(fn.copy()));
    }

    /** As {@link #flatMap(FlatMapFunction)}, declaring the result type. */
    public <R> SingleOutputStreamOperator<R> flatMap(FlatMapFunction<T, R> flatMapper, TypeInformation<R> outputType) {
        return flatMap(flatMapper).returns(outputType);
    }

    /** As {@link #process(ProcessFunction)}, declaring the result type. */
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function, TypeInformation<R> outputType) {
        return process(function).returns(outputType);
    }

    /** Applies {@code function}, which sees timestamps, time, and may emit side outputs. */
    public <R> SingleOutputStreamOperator<R> process(ProcessFunction<T, R> function) {
        SerializedValue<ProcessFunction<T, R>> fn = serialize(function, "Process");
        return described(oneInput("Process", ctx -> new ProcessOperator<>(fn.copy(), ctx)),
                () -> new Operation.Process(fn.copy()));
    }

    /**
     * Assigns timestamps and watermarks with {@code strategy}, replacing those the stream carried:
     * upstream watermarks are dropped except the final one at the end of a bounded input.
     */
    public SingleOutputStreamOperator<T> assignTimestampsAndWatermarks(WatermarkStrategy<T> strategy) {
        SerializedValue<WatermarkStrategy<T>> fn = serialize(strategy, "Timestamps/Watermarks");
        return ofThisType(described(oneInput("Timestamps/Watermarks",
                ctx -> new TimestampsAndWatermarksOperator<>(fn.copy(), ctx)), () -> new Operation.AssignTimestamps(fn.copy())));
    }

    /** The classic periodic form of {@link #assignTimestampsAndWatermarks(WatermarkStrategy)}. */
    public SingleOutputStreamOperator<T> assignTimestampsAndWatermarks(AssignerWithPeriodicWatermarks<T> assigner) {
        return assignTimestampsAndWatermarks(WatermarkStrategy.fromAssigner(assigner));
    }

    /** The classic punctuated form of {@link #assignTimestampsAndWatermarks(WatermarkStrategy)}. */
    public SingleOutputStreamOperator<T> assignTimestampsAndWatermarks(AssignerWithPunctuatedWatermarks<T> assigner) {
        return assignTimestampsAndWatermarks(WatermarkStrategy.fromAssigner(assigner));
    }

    /** Ends the stream in {@code sink}. */
    public DataStreamSink<T> addSink(SinkFunction<T> sink) {
        SerializedValue<SinkFunction<T>> fn = serialize(sink, "Sink");
        return addSinkOperator("Sink", ctx -> new SinkOperator<>(fn.copy(), ctx), () -> new Operation.Sink(fn.copy()));
    }

    /**
     * Writes each element's {@code toString()} as a line to {@code path} (a file at parallelism 1, a
     * directory of files {@code 1}, {@code 2}, ... above), failing if it exists; not exactly once.
     *
     * @deprecated as in Flink: use an exactly-once {@code FileSink}
     */
    @Deprecated
    public DataStreamSink<T> writeAsText(String path) {
        return writeAsText(path, dev.tidemark.api.fs.FileSystem.WriteMode.NO_OVERWRITE);
    }

    /**
     * As {@link #writeAsText(String)}, replacing what is there with {@code WriteMode.OVERWRITE}.
     *
     * @deprecated as in Flink: use an exactly-once {@code FileSink}
     */
    @Deprecated
    public DataStreamSink<T> writeAsText(String path, dev.tidemark.api.fs.FileSystem.WriteMode mode) {
        return addSink(new dev.tidemark.api.sink.TextOutputSink<>(path, mode));
    }

    /**
     * Writes tuples as comma-separated lines, as {@link #writeAsText(String)} places its files
     * (Flink's CSV output: fields' {@code toString()}, no quoting, {@code null} as an empty field).
     * An element that is not a tuple fails the job, naming its class.
     *
     * @deprecated as in Flink: use an exactly-once {@code FileSink}
     */
    @Deprecated
    public DataStreamSink<T> writeAsCsv(String path) {
        return writeAsCsv(path, dev.tidemark.api.fs.FileSystem.WriteMode.NO_OVERWRITE);
    }

    /** As {@link #writeAsCsv(String)}, replacing what is there with {@code WriteMode.OVERWRITE}. */
    @Deprecated
    public DataStreamSink<T> writeAsCsv(String path, dev.tidemark.api.fs.FileSystem.WriteMode mode) {
        return writeAsCsv(path, mode, "\n", ",");
    }

    /** As {@link #writeAsCsv(String)}, with the given row and field delimiters. */
    @Deprecated
    public DataStreamSink<T> writeAsCsv(String path, dev.tidemark.api.fs.FileSystem.WriteMode mode,
            String rowDelimiter, String fieldDelimiter) {
        return addSink(dev.tidemark.api.sink.TextOutputSink.<T>csv(path, mode, rowDelimiter, fieldDelimiter));
    }

    /** Flink's name for {@link #addSink}: {@code stream.sinkTo(FileSink.forRowFormat(...).build())}. */
    public DataStreamSink<T> sinkTo(SinkFunction<T> sink) {
        return addSink(sink);
    }

    /** Prints every element to standard output. */
    public DataStreamSink<T> print() {
        return addSink(new PrintSink<>()).name("Print to Std. Out");
    }

    /** Prints every element to standard output after {@code "prefix> "}. */
    public DataStreamSink<T> print(String prefix) {
        return addSink(new PrintSink<>(prefix, false)).name("Print to Std. Out");
    }

    /**
     * Executes the whole pipeline of this stream's environment and returns this stream's elements in
     * arrival order. For bounded inputs; blocks until the job ends.
     *
     * @throws JobExecutionException if the job fails
     */
    public List<T> executeAndCollect() throws InterruptedException {
        return executeAndCollect("Collect job");
    }

    /** As {@link #executeAndCollect()}, naming the job. */
    public List<T> executeAndCollect(String jobName) throws InterruptedException {
        CollectingSink<T> collector = new CollectingSink<>();
        addSinkOperator("Collect", ctx -> new SinkOperator<>(collector, ctx),
                () -> new Operation.Collect(value -> collector.add(value)));
        environment.execute(jobName);
        return collector.elements();
    }

    /**
     * Applies an operator of the operator SPI (for connectors and the test driver): one instance per
     * parallel subtask, created by {@code factory}.
     */
    @Internal
    public <R> SingleOutputStreamOperator<R> transform(String name, dev.tidemark.runtime.operators.OperatorFactory<T, R> factory) {
        return oneInput(Names.check(name), Objects.requireNonNull(factory, "operator factory must not be null"));
    }

    DataStreamSink<T> addSinkOperator(String name, dev.tidemark.runtime.operators.OperatorFactory<T, Void> factory) {
        return addSinkOperator(name, factory, null);
    }

    /** As {@link #addSinkOperator(String, dev.tidemark.runtime.operators.OperatorFactory)}, described by {@code operation}. */
    DataStreamSink<T> addSinkOperator(String name, dev.tidemark.runtime.operators.OperatorFactory<T, Void> factory,
            java.util.function.Supplier<? extends Operation> operation) {
        OneInputTransformation<T, Void> sink = new OneInputTransformation<>(name, transformation, factory, true);
        sink.describe(operation);
        environment.addTransformation(sink);
        return new DataStreamSink<>(sink);
    }

    <R> SingleOutputStreamOperator<R> oneInput(String name, dev.tidemark.runtime.operators.OperatorFactory<T, R> factory) {
        OneInputTransformation<T, R> t = new OneInputTransformation<>(name, transformation, factory, false);
        environment.addTransformation(t);
        return new SingleOutputStreamOperator<>(environment, t);
    }

    /** {@code operator}, whose node {@code operation} describes for the pipeline graph. */
    static <R> SingleOutputStreamOperator<R> described(SingleOutputStreamOperator<R> operator,
            java.util.function.Supplier<? extends Operation> operation) {
        operator.getTransformation().describe(operation);
        return operator;
    }

    /** {@code operator}, whose elements are this stream's, with this stream's declared type if it has one. */
    private SingleOutputStreamOperator<T> ofThisType(SingleOutputStreamOperator<T> operator) {
        TypeInformation<?> declared = transformation.outputTypeInfo();
        if (declared != null) {
            @SuppressWarnings("unchecked")
            TypeInformation<T> type = (TypeInformation<T>) declared;
            operator.returns(type);
        }
        return operator;
    }

    static <F extends java.io.Serializable> SerializedValue<F> serialize(F function, String operator) {
        Objects.requireNonNull(function, () -> "function must not be null: operator=" + operator);
        return SerializedValue.of(function, "the function of operator '" + operator + "'");
    }
}
