package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Where each partitioner sends records, under the test driver (one thread, deterministic). */
class PartitioningTest {

    /** Tags each value with the index of the instance that saw it: "value@index". */
    static final class WhereAmI implements MapFunction<Integer, String>, RichFunction {
        private int index;

        @Override
        public void open(RuntimeContext context) {
            index = context.getIndexOfThisSubtask();
        }

        @Override
        public String map(Integer value) {
            return value + "@" + index;
        }
    }

    private static TestSink<String> run(Function<DataStream<Integer>, DataStream<Integer>> partition, int parallelism,
            TestDriver driver) {
        TestSource<Integer> in = driver.source("in", Integer.class);
        TestSink<String> out = driver.sink(partition.apply(in.stream()).map(new WhereAmI()).setParallelism(parallelism));
        driver.start();
        for (int i = 0; i < 6; i++) {
            in.emit(i);
        }
        in.finish();
        return out;
    }

    @Test
    void rebalance_roundRobin() {
        try (TestDriver driver = TestDriver.create()) {
            assertThat(run(DataStream::rebalance, 3, driver).records())
                    .containsExactlyInAnyOrder("0@0", "1@1", "2@2", "3@0", "4@1", "5@2");
        }
    }

    @Test
    void broadcast_everyRecordToEveryInstance() {
        try (TestDriver driver = TestDriver.create()) {
            assertThat(run(DataStream::broadcast, 2, driver).records()).hasSize(12).contains("0@0", "0@1", "5@0", "5@1");
        }
    }

    @Test
    void global_everythingToTheFirstInstance() {
        try (TestDriver driver = TestDriver.create()) {
            assertThat(run(DataStream::global, 3, driver).records()).allMatch(r -> r.endsWith("@0")).hasSize(6);
        }
    }

    @Test
    void keyBy_sendsEachKeyToTheInstanceOwningItsKeyGroup() {
        try (TestDriver driver = TestDriver.create()) {
            var records = run(s -> s.keyBy(i -> i % 4), 3, driver).records();
            assertThat(records).hasSize(6);
            for (String r : records) {
                int value = Integer.parseInt(r.split("@")[0]);
                int expected = KeyGroups.operatorIndexForKeyGroup(128, 3, KeyGroups.assignToKeyGroup(value % 4, 128));
                assertThat(r).endsWith("@" + expected);
            }
        }
    }

    @Test
    void rescale_andShuffle_deliverEveryRecordOnce() {
        try (TestDriver driver = TestDriver.create()) {
            assertThat(run(DataStream::rescale, 2, driver).records()).hasSize(6);
        }
        try (TestDriver driver = TestDriver.create()) {
            assertThat(run(DataStream::shuffle, 2, driver).records()).hasSize(6)
                    .extracting(r -> r.split("@")[0]).containsExactlyInAnyOrder("0", "1", "2", "3", "4", "5");
        }
    }

    @Test
    void watermarks_reachEveryInstance_andTheSinkCombinesThemByMinimum() {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Integer> in = driver.source("in", Integer.class);
            TestSink<Integer> out = driver.sink(in.stream().rebalance().map(i -> i).setParallelism(3));
            driver.start();
            in.emit(1).emitWatermark(10).emitWatermark(20);
            assertThat(out.watermarks()).containsExactly(10L, 20L);
        }
    }
}
