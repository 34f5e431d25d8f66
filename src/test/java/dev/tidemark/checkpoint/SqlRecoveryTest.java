package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SequenceSource;
import dev.tidemark.checkpoint.ExactlyOnceRecoveryTest.Chaos;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.Row;
import dev.tidemark.table.Schema;
import dev.tidemark.table.StreamTableEnvironment;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpointed SQL job at parallelism 2, crashed at seeded random points and recovering on its
 * own: a TUMBLE aggregation written with INSERT INTO a filesystem table and an OVER aggregate
 * through {@code toDataStream} into a file sink both commit exactly what the offline computation
 * gives, so the windows' and the OVER rows' state survive every restart.
 */
class SqlRecoveryTest {

    private static final long EVENTS = 6_000;
    private static final int KEYS = 40;

    /** Reading v: key v % 40 at time v / 10 ms. */
    public record Reading(long k, long v) implements Serializable {}

    private static JobClient start(Path dir) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.enableCheckpointing(Duration.ofMillis(10), dir.resolve("checkpoints"));
        env.getCheckpointConfig().setRestartStrategy(RestartStrategy.fixedDelay(5_000, Duration.ZERO));
        DataStream<Reading> readings = env.addSource(new SequenceSource(0, EVENTS - 1))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((v, previous) -> v / 10))
                .map(v -> {
                    Chaos.maybeCrash("readings");
                    return new Reading(v % KEYS, v);
                }).returns(Reading.class);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporaryView("readings", readings, Schema.newBuilder()
                .columnByMetadata("ts", DataTypes.TIMESTAMP_LTZ(3))
                .watermark("ts", "SOURCE_WATERMARK()").build());
        tEnv.toDataStream(tEnv.sqlQuery("SELECT k, v, SUM(v) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL"
                + " '0.005' SECOND PRECEDING AND CURRENT ROW) AS recent FROM readings"))
                .map(Row::toString)
                .addSink(new FileSink<>(dir.resolve("over").toString(), s -> s, 4096));
        tEnv.executeSql("CREATE TABLE totals (k BIGINT, window_start TIMESTAMP(3), n BIGINT, total BIGINT) WITH"
                + " ('connector' = 'filesystem', 'path' = '" + dir.resolve("tumble") + "', 'format' = 'csv')");
        return tEnv.executeSql("INSERT INTO totals SELECT k, window_start, COUNT(*), SUM(v) FROM TABLE(TUMBLE(TABLE"
                + " readings, DESCRIPTOR(ts), INTERVAL '0.02' SECOND)) GROUP BY window_start, window_end, k")
                .getJobClient().orElseThrow();
    }

    @Test
    void crashes_committedOutputEqualsTheOfflineComputation(@TempDir Path dir) throws Exception {
        List<String> tumble = new ArrayList<>();
        for (long k = 0; k < KEYS; k++) {
            for (long w = 0; w * 20 <= (EVENTS - 1) / 10; w++) {
                long n = 0;
                long total = 0;
                for (long v = k; v < EVENTS; v += KEYS) {
                    if (v / 10 / 20 == w) {
                        n++;
                        total += v;
                    }
                }
                if (n > 0) {
                    String start = Instant.ofEpochMilli(w * 20).toString().replace("T", " ").replace("Z", "");
                    tumble.add(k + "," + start + (start.length() == 19 ? ".000" : "") + "," + n + "," + total);
                }
            }
        }
        List<String> over = new ArrayList<>();
        for (long v = 0; v < EVENTS; v++) {
            long recent = 0;
            for (long u = v % KEYS; u < EVENTS; u += KEYS) {
                if (u / 10 <= v / 10 && u / 10 >= v / 10 - 5) {
                    recent += u;
                }
            }
            over.add("+I[" + v % KEYS + ", " + v + ", " + recent + "]");
        }
        Chaos.arm(17, 20, EVENTS * 3);
        JobClient job = start(dir);
        job.await(Duration.ofMinutes(5));

        assertThat(CommittedParts.read(dir.resolve("tumble"))).containsExactlyInAnyOrderElementsOf(tumble);
        assertThat(CommittedParts.read(dir.resolve("over"))).containsExactlyInAnyOrderElementsOf(over);
        assertThat(Chaos.THROWN.get()).as("crashes injected").isGreaterThanOrEqualTo(10);
    }
}
