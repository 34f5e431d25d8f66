package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.graph.PipelineNode;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.io.Serializable;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * HOP windows whose aggregates merge exactly (counts, MIN, MAX, sums and averages of integers)
 * share one accumulator per key and slide, as the DataStream API's exact aggregates do: the same
 * rows as adding each row to each of its windows. Integer sums are kept wide, so neither the order
 * rows come in nor how they are split into panes decides whether a sum fails: only a result that
 * does not fit its type does.
 */
class SqlWindowPanesTest {

    public record Reading(LocalDateTime ts, String sensor, long reading, double ratio) implements Serializable {}

    private static final LocalDateTime START = LocalDateTime.parse("2024-05-01T12:00:00");

    private final TestDriver driver = TestDriver.create();
    private final TestSource<Reading> readings = driver.source("readings", Reading.class);
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());

    SqlWindowPanesTest() {
        tEnv.createTemporaryView("readings", readings.stream(), Schema.newBuilder()
                .watermark("ts", "ts - INTERVAL '1' SECOND").build());
    }

    @Test
    void hopOfCountsSumsExtremesAndAverages_sharesPanes_withEveryWindowsRows() {
        Table table = tEnv.sqlQuery("SELECT window_start, sensor, COUNT(*) AS n, SUM(reading) AS total, MIN(reading)"
                + " AS low, MAX(reading) AS high, AVG(reading) AS mean FROM TABLE(HOP(TABLE readings, DESCRIPTOR(ts),"
                + " INTERVAL '5' MINUTES, INTERVAL '20' MINUTES)) GROUP BY window_start, window_end, sensor");
        TestSink<Row> out = driver.sink(tEnv.toDataStream(table));
        TestSink<Row> counted = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, sensor, COUNT(*) AS n,"
                + " SUM(reading) AS total, AVG(reading) AS mean FROM TABLE(HOP(TABLE readings, DESCRIPTOR(ts),"
                + " INTERVAL '5' MINUTES, INTERVAL '20' MINUTES)) GROUP BY window_start, window_end, sensor")));
        TestSink<Row> distinct = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, COUNT(DISTINCT"
                + " sensor) AS sensors, COUNT(*) AS n FROM TABLE(HOP(TABLE readings, DESCRIPTOR(ts), INTERVAL '5' MINUTES,"
                + " INTERVAL '20' MINUTES)) GROUP BY window_start, window_end")));
        assertThat(windowAggregates()).as("the queries' aggregates (states; counts and sums in longs; distinct)")
                .hasSize(3).allMatch(AggregateFunction::mergesExactly);
        driver.start();
        SplittableRandom random = new SplittableRandom(11);
        List<Reading> sent = new ArrayList<>();
        LocalDateTime ts = START;
        for (int i = 0; i < 400; i++) {
            ts = ts.plusSeconds(1 + random.nextInt(30));
            Reading reading = new Reading(ts, "s" + random.nextInt(4), random.nextLong(-1000, 1000), 0);
            readings.emit(reading);
            sent.add(reading);
        }
        readings.finish();
        assertThat(out.records()).map(Row::toString).containsExactlyInAnyOrderElementsOf(everyWindowOf(sent, true));
        assertThat(counted.records()).map(Row::toString)
                .containsExactlyInAnyOrderElementsOf(everyWindowOf(sent, false));
        assertThat(distinct.records()).map(Row::toString).containsExactlyInAnyOrderElementsOf(sensorsPerWindow(sent));
    }

    private static List<String> sensorsPerWindow(List<Reading> sent) {
        Map<LocalDateTime, List<String>> windows = new java.util.TreeMap<>();
        for (Reading r : sent) {
            LocalDateTime latest = r.ts().truncatedTo(java.time.temporal.ChronoUnit.HOURS)
                    .plusMinutes(r.ts().getMinute() / 5 * 5);
            for (LocalDateTime start = latest; start.isAfter(r.ts().minusMinutes(20)); start = start.minusMinutes(5)) {
                windows.computeIfAbsent(start, w -> new ArrayList<>()).add(r.sensor());
            }
        }
        List<String> rows = new ArrayList<>();
        windows.forEach((start, sensors) -> rows.add("+I[" + start + ", " + sensors.stream().distinct().count() + ", "
                + sensors.size() + "]"));
        return rows;
    }

    /** One row per window and sensor, each reading added to each of its windows: what panes must give. */
    private static List<String> everyWindowOf(List<Reading> sent, boolean extremes) {
        long slide = 5 * 60_000;
        long size = 20 * 60_000;
        Map<String, List<Long>> windows = new LinkedHashMap<>();
        for (Reading r : sent) {
            long t = r.ts().toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
            for (long start = t - Math.floorMod(t, slide); start > t - size; start -= slide) {
                String window = java.time.Instant.ofEpochMilli(start).atZone(java.time.ZoneOffset.UTC)
                        .toLocalDateTime() + ", " + r.sensor();
                windows.computeIfAbsent(window, w -> new ArrayList<>()).add(r.reading());
            }
        }
        List<String> rows = new ArrayList<>();
        windows.forEach((window, values) -> {
            long sum = values.stream().mapToLong(Long::longValue).sum();
            String lowAndHigh = !extremes ? "" : values.stream().mapToLong(Long::longValue).min().getAsLong() + ", "
                    + values.stream().mapToLong(Long::longValue).max().getAsLong() + ", ";
            rows.add("+I[" + window + ", " + values.size() + ", " + sum + ", " + lowAndHigh + sum / values.size() + "]");
        });
        return rows;
    }

    @Test
    void aBigintSumThatWrapsOnTheWay_isExact_andOnlyAResultBeyondBigintFails() {
        TestSink<Row> out = driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT window_start, SUM(reading) AS total,"
                + " AVG(reading) AS mean FROM TABLE(HOP(TABLE readings, DESCRIPTOR(ts), INTERVAL '5' MINUTES,"
                + " INTERVAL '10' MINUTES)) GROUP BY window_start, window_end")));
        driver.start();
        readings.emit(new Reading(START.plusMinutes(1), "a", Long.MAX_VALUE, 0));
        readings.emit(new Reading(START.plusMinutes(6), "a", Long.MAX_VALUE, 0)); // the 12:00 window's sum wraps here
        readings.emit(new Reading(START.plusMinutes(7), "a", -Long.MAX_VALUE, 0)); // and comes back
        readings.emit(new Reading(START.plusMinutes(11), "a", 10, 0));
        readings.emit(new Reading(START.plusMinutes(16), "a", 1, 0));
        driver.advanceProcessingTime(Duration.ofMillis(200)); // watermark 12:15:59: the windows up to 12:15 fire
        assertThat(out.records()).map(Row::toString).containsExactly(
                "+I[2024-05-01T11:55, " + Long.MAX_VALUE + ", " + Long.MAX_VALUE + "]",
                "+I[2024-05-01T12:00, " + Long.MAX_VALUE + ", " + Long.MAX_VALUE / 3 + "]",
                "+I[2024-05-01T12:05, 10, 3]");
        readings.emit(new Reading(START.plusMinutes(17), "a", Long.MAX_VALUE, 0));
        readings.emit(new Reading(START.plusMinutes(18), "a", Long.MAX_VALUE, 0));
        assertThatThrownBy(readings::finish).isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'WindowAggregate'")
                .cause().isInstanceOf(ArithmeticException.class)
                .hasMessage("the sum " + java.math.BigInteger.valueOf(Long.MAX_VALUE).shiftLeft(1).add(
                        java.math.BigInteger.valueOf(11)) + " overflows BIGINT");
    }

    @Test
    void aSumOfDoubles_keepsAnAccumulatorPerWindow_sinceItsRoundingDependsOnTheOrder() {
        driver.sink(tEnv.toDataStream(tEnv.sqlQuery("SELECT SUM(ratio) AS total, COUNT(*) AS n FROM TABLE(HOP(TABLE"
                + " readings, DESCRIPTOR(ts), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end")));
        assertThat(windowAggregates()).singleElement().matches(aggregate -> !aggregate.mergesExactly());
    }

    private List<AggregateFunction<?, ?, ?>> windowAggregates() {
        return driver.env().getPipelineGraph().nodes().stream().map(PipelineNode::operation)
                .filter(Operation.Window.class::isInstance).<AggregateFunction<?, ?, ?>>map(
                        window -> ((Operation.Window) window).aggregate()).toList();
    }
}
