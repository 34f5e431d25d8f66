package dev.tidemark.api.graph;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.CoFlatMapFunction;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.CoMapFunction;
import dev.tidemark.api.functions.CoProcessFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.ReduceFunction;
import dev.tidemark.api.sink.SinkFunction;
import dev.tidemark.connectors.file.FilePathFilter;
import dev.tidemark.connectors.file.FileProcessingMode;
import dev.tidemark.connectors.file.FileSplitReader;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.triggers.Trigger;

/**
 * What one node of a {@link PipelineGraph} does, with the user's functions as the program gave
 * them. Each {@link PipelineGraph} holds fresh copies of the functions (made by serialization), so a
 * translator may hand them on to another engine as they are.
 */
public sealed interface Operation {

    /**
     * A source: a {@code SourceFunction} or a {@code SplitSource}.
     *
     * @param watermarkStrategy the per-channel strategy given with {@code fromSource(..)}, or {@code null}
     */
    record Source(Object function, WatermarkStrategy<?> watermarkStrategy) implements Operation {}

    /** {@code map(..)}. */
    record Map(MapFunction<?, ?> function) implements Operation {}

    /** {@code filter(..)}. */
    record Filter(FilterFunction<?> function) implements Operation {}

    /** {@code flatMap(..)}. */
    record FlatMap(FlatMapFunction<?, ?> function) implements Operation {}

    /** {@code process(ProcessFunction)} on a stream that is not keyed. */
    record Process(ProcessFunction<?, ?> function) implements Operation {}

    /** {@code assignTimestampsAndWatermarks(..)}; the classic assigners arrive as strategies. */
    record AssignTimestamps(WatermarkStrategy<?> strategy) implements Operation {}

    /**
     * A function with keyed state and timers: {@code KeyedStream.process(..)}, and a keyed stream's
     * rich map, flat map, filter or process function, which run as one.
     */
    record KeyedProcess(KeySelector<?, ?> keySelector, KeyedProcessFunction<?, ?, ?> function) implements Operation {}

    /** {@code KeyedStream.reduce(..)}: a rolling reduction per key. */
    record KeyedReduce(KeySelector<?, ?> keySelector, ReduceFunction<?> function) implements Operation {}

    /**
     * A keyed window operator. At most one of {@code reduce} and {@code aggregate} is set; the window
     * function then gets its one result (it passes the result on when the program gave none).
     *
     * @param trigger the trigger, the assigner's default one unless the program set another
     * @param evictor {@code null} without one
     * @param lateTag where late elements go, or {@code null} to drop them
     */
    record Window(KeySelector<?, ?> keySelector, WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger,
            Evictor<?, ?> evictor, long allowedLatenessMillis, OutputTag<?> lateTag, ReduceFunction<?> reduce,
            AggregateFunction<?, ?, ?> aggregate, ProcessWindowFunction<?, ?, ?, ?> function) implements Operation {}

    /** {@code connect(..).map(..)} on streams that are not keyed, or with a plain function on keyed ones. */
    record CoMap(CoMapFunction<?, ?, ?> function) implements Operation {}

    /** {@code connect(..).flatMap(..)} on streams that are not keyed, or with a plain function on keyed ones. */
    record CoFlatMap(CoFlatMapFunction<?, ?, ?> function) implements Operation {}

    /** {@code connect(..).process(CoProcessFunction)} on streams that are not keyed. */
    record CoProcess(CoProcessFunction<?, ?, ?> function) implements Operation {}

    /**
     * A function over two keyed inputs with keyed state and timers shared per key:
     * {@code process(KeyedCoProcessFunction)}, and the co-functions of keyed connected streams, which
     * run as one. Both inputs are {@link Partitioning.Hash} partitions.
     */
    record KeyedCoProcess(KeyedCoProcessFunction<?, ?, ?, ?> function) implements Operation {}

    /**
     * {@code intervalJoin(..).between(lower, upper).process(..)} over two keyed inputs: a left element
     * at {@code t} meets the right elements from {@code t + lower} to {@code t + upper}.
     *
     * @param leftLateTag where late left elements go, or {@code null} to drop them; so {@code rightLateTag}
     */
    record IntervalJoin(long lowerMillis, long upperMillis, boolean lowerExclusive, boolean upperExclusive,
            OutputTag<?> leftLateTag, OutputTag<?> rightLateTag, ProcessJoinFunction<?, ?, ?> function)
            implements Operation {}

    /**
     * A window join or co-group ({@code join(..)} and {@code coGroup(..)} with the default trigger
     * and no evictor; a join arrives as the co-group that pairs each window's elements), over two
     * keyed inputs; with a trigger or an evictor they arrive as a union and a {@link Window} instead.
     */
    record WindowCoGroup(KeySelector<?, ?> keySelector1, KeySelector<?, ?> keySelector2, WindowAssigner<?, ?> assigner,
            long allowedLatenessMillis, CoGroupFunction<?, ?, ?> function) implements Operation {}

    /**
     * The reading half of a {@code FileSource}: its one input, the source's monitor, lists
     * {@code path} (once, or every {@code interval} when {@code mode} is continuous) with
     * {@code filter} and hands out each file's splits of {@code splitSize} bytes, which
     * {@code reader} reads whole, malformed lines to its side output if it has one. A translator that
     * lists the files itself (with {@code FileListing}) leaves the monitor out.
     *
     * @param interval {@code null} when the files are read once
     */
    record ReadFiles(String path, FileProcessingMode mode, java.time.Duration interval, FilePathFilter filter,
            long splitSize, FileSplitReader<?> reader) implements Operation {}

    /** A sink: {@code addSink(..)}, {@code print()}, {@code sinkTo(..)}. */
    record Sink(SinkFunction<?> function) implements Operation {}

    /**
     * {@code executeAndCollect()}: every element goes to {@code into}, in the JVM that built the
     * pipeline. Unlike the other operations, {@code into} is not a copy: a runner hands it the
     * elements it fetches from wherever the job runs, before the job counts as ended.
     */
    record Collect(Collector<Object> into) implements Operation {}

    /** A change of partitioning, such as {@code keyBy(..)} or {@code rebalance()}; runs no operator. */
    record Partition(Partitioning partitioning) implements Operation {}

    /** The side output {@code tag} of the input ({@code getSideOutput(..)}); runs no operator. */
    record SideOutput(OutputTag<?> tag) implements Operation {}

    /** The elements of all inputs as one stream; runs no operator. */
    record Union() implements Operation {}

    /**
     * An operator the graph cannot describe in these terms: an operator of the operator SPI, or one
     * of the operators a SQL query runs on.
     *
     * @param operatorName the operator's name, for the translator's error message
     */
    record Opaque(String operatorName) implements Operation {}
}
