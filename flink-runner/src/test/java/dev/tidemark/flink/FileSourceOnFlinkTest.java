package dev.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.checkpoint.CheckpointListener;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.connectors.file.FileSource;
import dev.tidemark.connectors.file.LineFormat;
import dev.tidemark.connectors.file.MalformedLine;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tidemark's file source through the runner: its monitor runs as a checkpointed source behind
 * Flink's split source API, and the files' splits are read whole by a Flink process function.
 */
class FileSourceOnFlinkTest {

    static final OutputTag<MalformedLine> MALFORMED = OutputTag.of("malformed", MalformedLine.class);

    /** Three CSV files of "sensor,time,value" lines, with a malformed line in each; small splits cut them. */
    static void writeReadings(Path dir) throws IOException {
        for (int file = 0; file < 3; file++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                lines.add("sensor-" + (i % 5) + "," + (file * 1_000 + i * 50L) + "," + i);
                if (i == 100 + file) {
                    lines.add("not a reading " + file);
                }
            }
            Files.write(dir.resolve("readings-" + file + ".csv"), lines);
        }
        Files.write(dir.resolve(".hidden.csv"), List.of("sensor-9,0,1000000")); // skipped, as embedded
    }

    static SingleOutputStreamOperator<Tuple2<String, Long>> readings(StreamExecutionEnvironment env, Path dir,
            OutputTag<MalformedLine> malformed) {
        FileSource<Tuple2<String, Long>> source = FileSource.of(dir.toString(), LineFormat.csv(fields ->
                Tuple2.of(fields.get(0) + "@" + Long.parseLong(fields.get(1)), Long.parseLong(fields.get(2)))))
                .splitSize(1_024);
        return (malformed == null ? source : source.malformedLinesTo(malformed)).build(env)
                .returns(Types.TUPLE(Types.STRING, Types.LONG));
    }

    static void windowSums(StreamExecutionEnvironment env, Path dir, String results) {
        SingleOutputStreamOperator<Tuple2<String, Long>> readings = readings(env, dir, MALFORMED);
        readings.getSideOutput(MALFORMED).map(MalformedLine::toString).addSink(Results.sink(results + " malformed"));
        readings.assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(
                        Duration.ofSeconds(30)).withTimestampAssigner((r, t) -> Long.parseLong(r.f0.substring(r.f0.indexOf('@') + 1))))
                .map(r -> Tuple2.of(r.f0.substring(0, r.f0.indexOf('@')), r.f1)).returns(Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(r -> r.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .sum(1)
                .addSink(Results.sink(results));
    }

    @Test
    void theFileSourceGivesTheEmbeddedResultsAndMalformedLinesOnFlink(@TempDir Path dir) throws Exception {
        writeReadings(dir);

        StreamExecutionEnvironment embedded = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowSums(embedded, dir, "files embedded");
        embedded.execute("embedded");
        StreamExecutionEnvironment onFlink = StreamExecutionEnvironment.createLocalEnvironment(2);
        windowSums(onFlink, dir, "files on flink");
        FlinkRunner.execute(onFlink, org.apache.flink.streaming.api.environment.StreamExecutionEnvironment
                .createLocalEnvironment(2), "files on flink");

        assertThat(Results.sorted("files on flink")).isEqualTo(Results.sorted("files embedded"));
        assertThat(Results.sorted("files on flink").stream()
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(',') + 1, line.length() - 1))).sum())
                .as("every well-formed reading, of every file, once").isEqualTo(3 * IntStream.range(0, 400).sum());
        assertThat(Results.sorted("files on flink malformed")).hasSize(3)
                .isEqualTo(Results.sorted("files embedded malformed"))
                .anySatisfy(line -> assertThat(line).contains("readings-1.csv").contains("not a reading 1"));
    }

    static final AtomicBoolean FAILED = new AtomicBoolean();
    static final AtomicBoolean CHECKPOINTED = new AtomicBoolean();

    /**
     * Fails once, at the first line after a checkpoint completed. Until then it takes a millisecond
     * per line, so that a checkpoint completes while lines still flow: Flink's checkpoints run on
     * wall-clock time, and without this the files could be read before the first one.
     */
    static final class FailAfterACheckpoint implements MapFunction<String, String>, CheckpointListener {
        @Override
        public String map(String line) {
            if (!CHECKPOINTED.get()) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            } else if (FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("failing once, after a checkpoint, at " + line);
            }
            return line;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINTED.set(true);
        }
    }

    @Test
    void aFailureRestoresTheFileSourceFromFlinksCheckpointAndEveryLineIsWrittenOnce(@TempDir Path dir) throws Exception {
        Path in = Files.createDirectory(dir.resolve("in"));
        List<String> expected = new ArrayList<>();
        for (int file = 0; file < 4; file++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                lines.add("line " + file + " " + i);
            }
            Files.write(in.resolve("part-" + file), lines);
            expected.addAll(lines);
        }
        Path out = dir.resolve("out");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        FileSource.lines(in.toString()).splitSize(4_096).build(env)
                .map(new FailAfterACheckpoint()).name("fail once")
                .addSink(FileSink.lines(out.toString())).name("files");

        FlinkRunner.execute(env, ExactlyOnceOnFlinkTest.restartingWithCheckpoints(2), "files exactly once");

        assertThat(FAILED).as("the job failed once, after a checkpoint, and recovered").isTrue();
        assertThat(ExactlyOnceOnFlinkTest.committed(out)).isEqualTo(expected.stream().sorted().toList());
    }

    @Test
    void aMalformedLineWithoutASideOutputFailsTheJobNamingTheReaderTheFileAndTheLine(@TempDir Path dir) throws Exception {
        writeReadings(dir);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        readings(env, dir, null).addSink(Results.sink("no side output"));

        assertThatThrownBy(() -> FlinkRunner.execute(env, org.apache.flink.streaming.api.environment
                .StreamExecutionEnvironment.createLocalEnvironment(1), "malformed"))
                .hasStackTraceContaining("operator 'FileReader(" + dir + ")' failed")
                .hasStackTraceContaining("line must be well-formed: file=" + dir.resolve("readings-0.csv") + ", line=");
    }
}
