package dev.tidemark.joins;

import static dev.tidemark.joins.WindowJoinLongKeysTest.KEYS;
import static dev.tidemark.joins.WindowJoinLongKeysTest.emitOnEitherSide;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.checkpoint.JobSnapshot;
import dev.tidemark.joins.WindowJoinLongKeysTest.Left;
import dev.tidemark.joins.WindowJoinLongKeysTest.Right;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An interval join keyed by methods that return {@code long} on both sides keeps each key's buffers
 * in a table of its own, found by the key unboxed: it pairs exactly as the same join keyed by lambdas
 * that box (or by a method on one side only), holds and drops the same state as the watermark
 * passes, and its snapshots restore into either form.
 */
class IntervalJoinLongKeysTest {

    static final class Pairs extends ProcessJoinFunction<Left, Right, String> {
        @Override
        public void processElement(Left left, Right right, Context ctx, Collector<String> out) {
            out.collect(left.account() + ":" + left.amount() + "+" + right.note() + "@" + ctx.getTimestamp());
        }
    }

    @Test
    void randomJoins_byLongGetters_pairAndHoldStateAsTheSameJoinsByBoxingLambdas() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long pairs = 0;
        long held = 0; // state entries counted at the watermarks, over all runs
        for (int run = 0; run < 30; run++) {
            long lower = -random.nextInt(12);
            long upper = lower + random.nextInt(15);
            boolean manyKeys = random.nextBoolean(); // dozens of keys coming and going: the table grows and shifts
            String config = "seed=" + seed + " run=" + run + " between(" + lower + ", " + upper + ")"
                    + (manyKeys ? " many keys" : "");
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Left> lefts = driver.source("lefts", Left.class);
                TestSource<Right> rights = driver.source("rights", Right.class);
                TestSink<String> unboxed = driver.sink(joined(lefts.stream(), rights.stream(), Left::account,
                        Right::account, lower, upper).name("unboxed"));
                TestSink<String> boxed = driver.sink(joined(lefts.stream(), rights.stream(), l -> l.account(),
                        r -> r.account(), lower, upper).name("boxed"));
                TestSink<String> oneSideBoxed = driver.sink(joined(lefts.stream(), rights.stream(), Left::account,
                        r -> r.account(), lower, upper).name("one side boxed"));
                driver.start();
                long clock = 0;
                for (int i = 0; i < 400; i++) {
                    clock += random.nextInt(3);
                    long key = manyKeys ? random.nextInt(60) - 30 : KEYS[random.nextInt(KEYS.length)];
                    emitOnEitherSide(random, lefts, rights, key, i, clock);
                    if (random.nextInt(6) == 0) {
                        (random.nextBoolean() ? lefts : rights).emitWatermark(clock - random.nextInt(25));
                        long entries = driver.numKeyedStateEntries("unboxed");
                        assertThat(entries).as(config + " at " + i).isEqualTo(driver.numKeyedStateEntries("boxed"));
                        held += entries;
                    }
                }
                lefts.finish();
                rights.finish();
                pairs += boxed.records().size();
                assertThat(unboxed.records()).as(config).containsExactlyElementsOf(boxed.records());
                assertThat(oneSideBoxed.records()).as(config).containsExactlyElementsOf(boxed.records());
                assertThat(driver.numKeyedStateEntries("unboxed")).as(config + ": the final watermark ends all").isZero();
            }
        }
        assertThat(pairs).as("seed=" + seed).isGreaterThan(500);
        assertThat(held).as("seed=" + seed).isGreaterThan(2000);
    }

    @Test
    void snapshots_restoreIntoEitherKeying_withTheResultsOfARunWithoutOne() {
        Keying longs = (l, r) -> joined(l, r, Left::account, Right::account, -5, 3);
        Keying boxed = (l, r) -> joined(l, r, x -> x.account(), x -> x.account(), -5, 3);
        List<String> uninterrupted = runSwitchingAt(-1, boxed, boxed);
        assertThat(uninterrupted).hasSizeGreaterThan(100);
        assertThat(runSwitchingAt(-1, longs, longs)).isEqualTo(uninterrupted);
        for (int at : new int[] {57, 158, 231}) {
            assertThat(runSwitchingAt(at, longs, longs)).as("long keys throughout, snapshot at " + at)
                    .isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(at, longs, boxed)).as("long keys, then boxed, at " + at).isEqualTo(uninterrupted);
            assertThat(runSwitchingAt(at, boxed, longs)).as("boxed keys, then long, at " + at).isEqualTo(uninterrupted);
        }
    }

    @Test
    void aSnapshotOfOtherKeys_isRefusedByLongKeys_namingTheOperatorAndTheKey() {
        JobSnapshot snapshot;
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Left> lefts = driver.source("lefts", Left.class);
            TestSource<Right> rights = driver.source("rights", Right.class);
            driver.sink(lefts.stream().keyBy(l -> "account " + l.account())
                    .intervalJoin(rights.stream().keyBy(r -> "account " + r.account()))
                    .between(Duration.ofMillis(-5), Duration.ofMillis(5)).process(new Pairs()).name("payments"));
            driver.start();
            lefts.emit(new Left(7, 1), 10);
            snapshot = driver.snapshot();
        }
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Left> lefts = driver.source("lefts", Left.class);
            TestSource<Right> rights = driver.source("rights", Right.class);
            driver.sink(joined(lefts.stream(), rights.stream(), Left::account, Right::account, -5, 5).name("payments"));
            assertThatThrownBy(() -> driver.start(snapshot)).hasStackTraceContaining("payments")
                    .hasStackTraceContaining("key account 7 (java.lang.String) is not a long");
        }
    }

    /** A join of the two inputs, keyed one way or another. */
    @FunctionalInterface
    interface Keying {
        SingleOutputStreamOperator<String> join(DataStream<Left> lefts, DataStream<Right> rights);
    }

    private static SingleOutputStreamOperator<String> joined(DataStream<Left> lefts, DataStream<Right> rights,
            KeySelector<Left, Long> leftKey, KeySelector<Right, Long> rightKey, long lower, long upper) {
        return lefts.keyBy(leftKey).intervalJoin(rights.keyBy(rightKey))
                .between(Duration.ofMillis(lower), Duration.ofMillis(upper)).process(new Pairs());
    }

    /** The results, sorted: {@code first} runs to event {@code at} and snapshots (unless -1), {@code then} restores and runs on. */
    private static List<String> runSwitchingAt(int at, Keying first, Keying then) {
        List<String> committed = new ArrayList<>();
        JobSnapshot snapshot = null;
        if (at >= 0) {
            try (TestDriver driver = TestDriver.create()) {
                TestSource<Left> lefts = driver.source("lefts", Left.class);
                TestSource<Right> rights = driver.source("rights", Right.class);
                TestSink<String> out = driver.sink(first.join(lefts.stream(), rights.stream()));
                driver.start();
                for (int i = 0; i <= at; i++) {
                    emit(lefts, rights, i);
                }
                snapshot = driver.snapshot();
                committed.addAll(out.records());
            }
        }
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Left> lefts = driver.source("lefts", Left.class);
            TestSource<Right> rights = driver.source("rights", Right.class);
            TestSink<String> out = driver.sink(then.join(lefts.stream(), rights.stream()));
            if (snapshot != null) {
                driver.start(snapshot);
            } else {
                driver.start();
            }
            for (int i = at + 1; i < 300; i++) {
                emit(lefts, rights, i);
            }
            lefts.finish();
            rights.finish();
            committed.addAll(out.records());
        }
        committed.sort(null);
        return committed;
    }

    private static void emit(TestSource<Left> lefts, TestSource<Right> rights, int i) {
        long key = KEYS[(i / 2) % KEYS.length]; // each key on both sides in turn
        long time = i / 2 - (i * 7) % 9;
        if (i % 2 == 0) {
            rights.emit(new Right(key, "n" + i), time);
        } else {
            lefts.emit(new Left(key, i), time);
        }
        if (i % 20 == 19) {
            lefts.emitWatermark(i / 2 - 3);
            rights.emitWatermark(i / 2 - 3);
        }
    }
}
