package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.runtime.state.KeyHash;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Which keys are allowed: those whose hash is the same for equal keys in every process. */
@Timeout(60)
class KeyTypesTest {

    enum Kind { A, B }

    record WithEnum(Kind kind, String name) implements Serializable {}

    record Plain(long id, String name) implements Serializable {}

    /** Keeps Object's identity hash. */
    static final class Handle implements Serializable {
        final long id;

        Handle(long id) {
            this.id = id;
        }
    }

    /** Equal values, different hashes: a new one on every call. */
    static final class Shifty implements Serializable {
        private static final AtomicInteger CALLS = new AtomicInteger();
        final long id;

        Shifty(long id) {
            this.id = id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Shifty s && s.id == id;
        }

        @Override
        public int hashCode() {
            return CALLS.incrementAndGet();
        }

        @Override
        public String toString() {
            return "Shifty" + id;
        }
    }

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void enumsAndRecordsHoldingThem_hashByName() {
        assertThat(KeyHash.of(Kind.A)).isEqualTo("A".hashCode());
        assertThat(KeyHash.of(new WithEnum(Kind.B, "x"))).isEqualTo(31 * "B".hashCode() + "x".hashCode());
        Plain plain = new Plain(7, "x");
        assertThat(KeyHash.of(plain)).as("a record of stable values keeps its own hashCode, as in Flink")
                .isEqualTo(plain.hashCode());
    }

    @Test
    void arrayKey_isRefusedAtKeyBy() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        DataStream<Long> numbers = env.fromSequence(1, 10);
        assertThatThrownBy(() -> numbers.keyBy(n -> new long[] {n}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key must not be an array: key class=long[]");
    }

    @Test
    void identityHashKey_isRefusedAtKeyBy_whenItsTypeShows() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        KeySelector<Long, Handle> selector = Handle::new;
        assertThatThrownBy(() -> env.fromSequence(1, 10).keyBy(selector))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key must have a value-based hashCode: key class=" + Handle.class.getName());
    }

    /** A key type that only its implementations define. */
    interface Named extends Serializable {
        String name();
    }

    record Tag(String name) implements Named {}

    @Test
    void keysOfAnInterfaceType_areJudgedByTheirOwnClasses_notRefusedAtKeyBy() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        KeySelector<Long, Named> selector = n -> new Tag("t" + n % 3);
        env.fromSequence(1, 9).keyBy(selector).reduce(Long::sum).addSink((v, ctx) -> {});
        env.execute("interface keys");
    }

    @Test
    void identityHashKey_behindAnObjectTypedSelector_failsTheJobNamingTheExchange() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        KeySelector<Long, Object> selector = n -> new Handle(n);
        env.fromSequence(1, 10).keyBy(selector).reduce((a, b) -> a).addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("identity keys"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("KeyBy")
                .rootCause().hasMessageContaining("key must have a value-based hashCode");
    }

    @Test
    void keyWhoseHashCodeChanges_failsLoudlyWhereItArrives_namingKeyAndOperator() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(4);
        env.fromSequence(1, 1_000)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((n, previous) -> n))
                .keyBy(n -> new Shifty(n % 3))
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .aggregate(Aggregations.<Long>count())
                .addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("shifty keys"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("Window")
                .rootCause().hasMessageContaining("key must reach the instance that owns its key group: key=Shifty")
                .hasMessageContaining("hashCode is not deterministic");
    }

    @Test
    void keyWhoseHashCodeChanges_inKeyedState_failsLoudly() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(4);
        env.fromSequence(1, 1_000).keyBy(n -> new Shifty(n % 3)).reduce(Long::sum).addSink((v, ctx) -> {});
        assertThatThrownBy(() -> env.execute("shifty state"))
                .isInstanceOf(JobExecutionException.class)
                .rootCause().hasMessageContaining("key must reach the instance that owns its key group");
    }
}
