package dev.tidemark.connectors.datagen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The data generator source as Flink programs use it: {@code env.fromSource(generator, strategy, name)}. */
class DataGeneratorSourceTest {

    @Test
    void generatesEveryIndexOnce_inOrderAtParallelismOne_andDeclaresItsType() throws Exception {
        DataGeneratorSource<String> source = new DataGeneratorSource<>(index -> "Number: " + index, 5, Types.STRING);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        var stream = env.fromSource(source, WatermarkStrategy.noWatermarks(), "Generator");
        assertThat(stream.getTransformation().outputTypeInfo()).isEqualTo(Types.STRING);
        assertThat(stream.executeAndCollect())
                .containsExactly("Number: 0", "Number: 1", "Number: 2", "Number: 3", "Number: 4");
    }

    @Test
    void inParallel_andRateLimited_everyIndexStillComesOnce() throws Exception {
        DataGeneratorSource<Long> source = new DataGeneratorSource<>(index -> index * 10, 200,
                RateLimiterStrategy.perSecond(20_000), Types.LONG);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(3);
        List<Long> generated = env.fromSource(source, WatermarkStrategy.noWatermarks(), "Generator").executeAndCollect();
        assertThat(generated).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, 200).mapToObj(i -> i * 10L).toList());
    }

    static final List<Long> SEEN = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Test
    void perCheckpoint_emitsABatchPerCompletedCheckpoint(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        SEEN.clear();
        DataGeneratorSource<Long> source = new DataGeneratorSource<>(index -> index, 30,
                RateLimiterStrategy.perCheckpoint(5), Types.LONG);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.enableCheckpointing(java.time.Duration.ofMillis(5), dir);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "Generator").addSink((value, context) -> SEEN.add(value));
        var job = env.executeAsync("gated");
        job.await(java.time.Duration.ofMinutes(1));
        assertThat(SEEN).containsExactlyElementsOf(IntStream.range(0, 30).mapToObj(i -> (long) i).toList());
        assertThat(job.metrics().get("gated.numberOfCompletedCheckpoints"))
                .as("six batches of five: the source waited for a checkpoint after each of the first five")
                .isGreaterThanOrEqualTo(5L);
    }

    /** A generator that fails at an index gets every element before it emitted, then fails the job with its exception. */
    @Test
    void aGeneratorThatFails_failsTheJob_afterEveryElementBeforeTheFailingIndex() {
        SEEN.clear();
        DataGeneratorSource<Long> source = new DataGeneratorSource<>(index -> {
            if (index == 100) {
                throw new IllegalArgumentException("no element for index " + index);
            }
            return index;
        }, 1_000, Types.LONG);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "Generator").addSink((value, context) -> SEEN.add(value));
        assertThatThrownBy(() -> env.execute("failing generator")).hasStackTraceContaining("Generator")
                .hasStackTraceContaining("no element for index 100");
        assertThat(SEEN).containsExactlyElementsOf(IntStream.range(0, 100).mapToObj(i -> (long) i).toList());
    }

    /** Prefixes each index with the instance's place, learnt in open. */
    static final class Placed implements GeneratorFunction<Long, String> {
        private transient String place;

        @Override
        public void open(dev.tidemark.api.source.SourceReaderContext readerContext) {
            place = readerContext.getIndexOfSubtask() + "/" + readerContext.currentParallelism();
        }

        @Override
        public String map(Long index) {
            return place + ":" + index;
        }
    }

    @Test
    void theGeneratorIsOpenedPerInstance_withItsPlace() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        assertThat(env.fromSource(new DataGeneratorSource<>(new Placed(), 4, Types.STRING),
                WatermarkStrategy.noWatermarks(), "Generator").executeAndCollect())
                .containsExactlyInAnyOrder("0/2:0", "1/2:1", "0/2:2", "1/2:3");
    }

    @Test
    void badArguments_areRefusedAtTheCall() {
        assertThatThrownBy(() -> new DataGeneratorSource<>(i -> i, 0, Types.LONG))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("count must be positive: count=0");
        assertThatThrownBy(() -> RateLimiterStrategy.perSecond(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rate must be positive and finite: recordsPerSecond=0.0");
        assertThatThrownBy(() -> RateLimiterStrategy.perCheckpoint(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("records per checkpoint must be positive: recordsPerCheckpoint=0");
    }
}
