package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** Snapshots taken by the test driver between steps: what users test their own functions' restore with. */
class DriverSnapshotTest {

    record Reading(String key, long value) {} // not Serializable: a record is checkpointed through its components

    private static final List<Reading> INPUT = input();

    private static List<Reading> input() {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            readings.add(new Reading("k" + (i * 7 % 13), i % 10));
        }
        return readings;
    }

    /** Element i has timestamp i, a watermark follows every fifth element. */
    private static void push(TestSource<Reading> in, int from, int to) {
        for (int i = from; i < to; i++) {
            in.emit(INPUT.get(i), i);
            if (i % 5 == 4) {
                in.emitWatermark(i - 3);
            }
        }
    }

    /** keyBy → 10 ms tumbling windows → sum; then a keyed running count per key. */
    private static final class Pipeline {
        final TestDriver driver = TestDriver.create();
        final TestSource<Reading> in;
        final TestSink<String> out;

        Pipeline(int parallelism) {
            driver.env().setParallelism(parallelism);
            in = driver.source("readings", Reading.class);
            out = driver.sink(in.stream()
                    .keyBy(Reading::key)
                    .window(TumblingEventTimeWindows.of(Duration.ofMillis(10)))
                    .reduce((a, b) -> new Reading(a.key(), a.value() + b.value()))
                    .keyBy(Reading::key)
                    .process(new RunningCount()));
        }
    }

    /** Emits "key@window-sum#n" where n counts the key's windows so far (keyed value state). */
    static final class RunningCount extends KeyedProcessFunction<String, Reading, String> {
        private transient ValueState<Integer> count;

        @Override
        public void open(RuntimeContext context) {
            count = context.getState(new ValueStateDescriptor<>("count", Integer.class));
        }

        @Override
        public void processElement(Reading value, Context ctx, Collector<String> out) throws Exception {
            int n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            out.collect(value.key() + "@" + ctx.timestamp() + "=" + value.value() + "#" + n);
        }
    }

    private static List<String> uninterrupted(int parallelism) {
        Pipeline p = new Pipeline(parallelism);
        p.driver.start();
        push(p.in, 0, INPUT.size());
        p.in.finish();
        List<String> result = sorted(p.out.records());
        p.driver.close();
        return result;
    }

    private static List<String> sorted(List<String> records) {
        return records.stream().sorted().toList();
    }

    @Test
    void restoreInPlace_afterLosingWork_givesTheUninterruptedResult() {
        Pipeline p = new Pipeline(1);
        p.driver.start();
        push(p.in, 0, 137);
        JobSnapshot snapshot = p.driver.snapshot();
        List<String> committed = new ArrayList<>(p.out.records());
        push(p.in, 137, 250); // processed, then lost in the "failure"
        p.driver.restore(snapshot);
        p.out.clear();
        push(p.in, 137, INPUT.size());
        p.in.finish();
        committed.addAll(p.out.records());
        p.driver.close();

        assertThat(sorted(committed)).isEqualTo(uninterrupted(1)).hasSizeGreaterThan(100);
    }

    @Test
    void restoreAtAnotherParallelism_redistributesKeyGroups_sameResult() {
        List<String> expected = uninterrupted(1);
        for (int[] scaling : new int[][] {{1, 4}, {4, 2}, {2, 3}}) {
            Pipeline before = new Pipeline(scaling[0]);
            before.driver.start();
            push(before.in, 0, 203);
            JobSnapshot snapshot = before.driver.snapshot();
            List<String> committed = new ArrayList<>(before.out.records());
            before.driver.close();

            Pipeline after = new Pipeline(scaling[1]);
            after.driver.start(snapshot);
            push(after.in, 203, INPUT.size());
            after.in.finish();
            committed.addAll(after.out.records());
            after.driver.close();

            assertThat(sorted(committed)).as("%d -> %d", scaling[0], scaling[1]).isEqualTo(expected);
        }
    }

    @Test
    void sessionWindowsAndTimers_surviveARestore() {
        IntFunction<List<String>> run = restoreAt -> {
            TestDriver driver = TestDriver.create();
            TestSource<Reading> in = driver.source("readings", Reading.class);
            TestSink<String> out = driver.sink(in.stream()
                    .keyBy(Reading::key)
                    .window(EventTimeSessionWindows.withGap(Duration.ofMillis(30)))
                    .reduce((a, b) -> new Reading(a.key(), a.value() + b.value()))
                    .map(r -> r.key() + "=" + r.value()));
            driver.start();
            List<String> committed = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                String key = "s" + (i % 3);
                long timestamp = i < 60 ? i : i + 100; // a gap closes every session half way
                in.emit(new Reading(key, i), timestamp);
                if (i == restoreAt) {
                    JobSnapshot snapshot = driver.snapshot();
                    committed.addAll(out.records());
                    in.emit(new Reading("lost", 1), timestamp); // processed after the snapshot: gone on restore
                    in.emitWatermark(timestamp + 1000);
                    driver.restore(snapshot);
                    out.clear();
                }
            }
            in.finish();
            committed.addAll(out.records());
            driver.close();
            return sorted(committed);
        };
        assertThat(run.apply(40)).isEqualTo(run.apply(-1)).hasSize(6);
    }

    @Test
    void restoredWatermarkAssigner_emitsItsLastWatermarkAgain_andNothingLower() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Reading> in = driver.source("readings", Reading.class);
            TestSink<Reading> out = driver.sink(in.stream().assignTimestampsAndWatermarks(
                    dev.tidemark.eventtime.WatermarkStrategy.<Reading>forBoundedOutOfOrderness(Duration.ofMillis(100))
                            .withTimestampAssigner((r, previous) -> r.value())));
            driver.start();
            in.emit(new Reading("a", 1_000));
            driver.advanceProcessingTime(Duration.ofMillis(200));
            assertThat(out.watermarks()).containsExactly(899L);
            JobSnapshot snapshot = driver.snapshot();

            driver.restore(snapshot);
            assertThat(out.watermarks()).as("emitted again on open").containsExactly(899L, 899L);
            in.emit(new Reading("a", 500)); // the restarted generator's watermark 399 is behind: not emitted
            driver.advanceProcessingTime(Duration.ofMillis(200));
            in.emit(new Reading("a", 1_500));
            driver.advanceProcessingTime(Duration.ofMillis(200));
            assertThat(out.watermarks()).containsExactly(899L, 899L, 1_399L);
        }
    }

    /** Counts elements in operator list state; every instance's count is one element of the list. */
    static final class CountingMap implements MapFunction<Reading, Reading>, CheckpointedFunction, RichFunction {
        static final List<String> RESTORED = new java.util.concurrent.CopyOnWriteArrayList<>();
        private transient ListState<Long> counts;
        private transient ListState<String> seenBy;
        private long count;
        private int index;

        @Override
        public void initializeState(FunctionInitializationContext context) {
            counts = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("count", Long.class));
            seenBy = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("seen", String.class));
            for (long c : counts.get()) {
                count += c;
            }
            List<String> union = new ArrayList<>();
            seenBy.get().forEach(union::add);
            RESTORED.add(context.isRestored() + " " + count + " " + union.size());
        }

        @Override
        public void open(RuntimeContext context) {
            index = context.getIndexOfThisSubtask();
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            counts.update(List.of(count));
            seenBy.update(List.of("instance " + index + " at " + context.getCheckpointId()));
        }

        @Override
        public Reading map(Reading value) {
            count++;
            return value;
        }
    }

    @Test
    void operatorListState_isSplitOrUnionedOnRescale() {
        CountingMap.RESTORED.clear();
        TestDriver before = TestDriver.create();
        before.env().setParallelism(3);
        TestSource<Reading> in = before.source("readings", Reading.class);
        before.sink(in.stream().rebalance().map(new CountingMap()));
        before.start();
        push(in, 0, 90);
        JobSnapshot snapshot = before.snapshot();
        before.close();

        TestDriver after = TestDriver.create();
        after.env().setParallelism(2);
        TestSource<Reading> in2 = after.source("readings", Reading.class);
        after.sink(in2.stream().rebalance().map(new CountingMap()));
        after.start(snapshot);
        after.close();

        List<String> restored = CountingMap.RESTORED.subList(3, 5);
        assertThat(restored).as("split: the three counts (30 each) dealt to two instances; union: all three names")
                .containsExactlyInAnyOrder("true 30 3", "true 60 3");
    }

    /** Neither serializable nor a POJO (no constructor without arguments) nor a record. */
    static final class Unserializable {
        final int value;

        Unserializable(int value) {
            this.value = value;
        }
    }

    static final class OpaqueHolder extends KeyedProcessFunction<String, Reading, String> {
        private transient ValueState<Unserializable> state;

        @Override
        public void open(RuntimeContext context) {
            state = context.getState(new ValueStateDescriptor<>("opaque", Unserializable.class));
        }

        @Override
        public void processElement(Reading value, Context ctx, Collector<String> out) throws Exception {
            state.update(new Unserializable(1));
        }
    }

    @Test
    void stateThatCannotBeSerialized_failsTheSnapshotNamingOperatorAndClass() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Reading> in = driver.source("readings", Reading.class);
            driver.sink(in.stream().keyBy(Reading::key).process(new OpaqueHolder()).name("Holder"));
            driver.start();
            in.emit(new Reading("a", 1), 1);
            assertThatThrownBy(driver::snapshot)
                    .isInstanceOf(JobExecutionException.class)
                    .hasMessageContaining("Holder")
                    .cause().hasMessageContaining("must be serializable")
                    .hasMessageContaining(Unserializable.class.getName());
        }
    }

    @Test
    void snapshotWithAnotherMaxParallelism_isRefused() {
        Pipeline p = new Pipeline(1);
        p.driver.start();
        JobSnapshot snapshot = p.driver.snapshot();
        p.driver.close();
        Pipeline q = new Pipeline(1);
        q.driver.env().getConfig().setMaxParallelism(64);
        assertThatThrownBy(() -> q.driver.start(snapshot))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max parallelism: snapshot=128, job=64");
    }
}
