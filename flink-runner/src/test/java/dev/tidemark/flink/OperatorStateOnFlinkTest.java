package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.checkpoint.CheckpointedFunction;
import dev.tidemark.checkpoint.FunctionInitializationContext;
import dev.tidemark.checkpoint.FunctionSnapshotContext;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator state of process and window functions lives in Flink's operator state: after a
 * failure the restored function goes on counting from the checkpoint, and with the exactly-once
 * file sink each output line says how many elements (or windows) came before it, as if nothing
 * had failed.
 */
class OperatorStateOnFlinkTest {

    static final long COUNT = 10_000;
    /** The jobs that failed once (by name: the functions are copies, a flag in them would be too). */
    static final Set<String> FAILED = ConcurrentHashMap.newKeySet();

    /** A count in operator state, as a function keeps it. */
    static final class Counted implements java.io.Serializable {
        transient ListState<Long> state;
        transient long count;

        void initialize(FunctionInitializationContext context) {
            state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("count", Long.class));
            for (Long restored : state.get()) {
                count = restored;
            }
        }

        void snapshot() {
            state.update(java.util.List.of(count));
        }
    }

    /** Numbers each element with how many came before it. */
    static final class CountingProcess extends ProcessFunction<Long, String> implements CheckpointedFunction {
        private final Counted counted = new Counted();

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            out.collect(value + "," + counted.count++);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            counted.initialize(context);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            counted.snapshot();
        }
    }

    /** Numbers each window with how many fired before it. */
    static final class CountingWindows extends ProcessWindowFunction<Long, String, Long, TimeWindow>
            implements CheckpointedFunction {
        private final Counted counted = new Counted();

        @Override
        public void process(Long key, Context context, Iterable<Long> elements, Collector<String> out) {
            out.collect(context.window().getStart() + "," + counted.count++);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            counted.initialize(context);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            counted.snapshot();
        }
    }

    /** Fails once, after the source has waited for a checkpoint half way. */
    record FailOnce(String job) implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            if (value == COUNT * 3 / 4 && FAILED.add(job)) {
                throw new IllegalStateException("failing once at " + value);
            }
            return value;
        }
    }

    @Test
    void aProcessFunctionsOperatorStateIsRestoredFromFlinksCheckpoint(@TempDir Path output) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.addSource(new CheckpointedNumbers(COUNT, true)).name("numbers")
                .map(new FailOnce("process state")).name("fail once")
                .process(new CountingProcess()).name("counting")
                .addSink(FileSink.lines(output.toString())).name("files");

        FlinkRunner.execute(env, ExactlyOnceOnFlinkTest.restartingWithCheckpoints(1), "process state");

        assertThat(FAILED).contains("process state");
        assertThat(ExactlyOnceOnFlinkTest.committed(output)).containsExactlyInAnyOrderElementsOf(
                LongStream.range(0, COUNT).mapToObj(n -> n + "," + n).toList());
    }

    @Test
    void aWindowFunctionsOperatorStateIsRestoredFromFlinksCheckpoint(@TempDir Path output) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.addSource(new CheckpointedNumbers(COUNT, true)).name("numbers")
                .map(new FailOnce("window state")).name("fail once")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((value, t) -> value))
                .keyBy(value -> 0L)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .process(new CountingWindows()).name("counting windows")
                .addSink(FileSink.lines(output.toString())).name("files");

        FlinkRunner.execute(env, ExactlyOnceOnFlinkTest.restartingWithCheckpoints(1), "window state");

        assertThat(FAILED).contains("window state");
        assertThat(ExactlyOnceOnFlinkTest.committed(output)).containsExactlyInAnyOrderElementsOf(
                LongStream.range(0, COUNT / 100).mapToObj(w -> w * 100 + "," + w).toList());
    }
}
