package dev.tidemark.benchmarks.nexmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.hazelcast.core.HazelcastInstance;
import dev.tidemark.benchmarks.JetJobs;
import dev.tidemark.benchmarks.Result;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every query written on Hazelcast Jet gives the answers of the query on Tidemark (their published
 * columns: count and checksum), at parallelism 2, on one embedded Jet member.
 */
class NexmarkOnJetTest {

    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(40_000, 5).withEventsPerSecond(1_000);

    private static HazelcastInstance member;

    @BeforeAll
    static void startMember() {
        member = JetJobs.startMember();
    }

    @AfterAll
    static void stopMember() {
        member.shutdown();
    }

    @ParameterizedTest
    @EnumSource(value = NexmarkQuery.class, names = {"q0", "q1", "q2", "q5", "q7", "q8", "q11"})
    void theQueryGivesTheSameAnswersOnJet(NexmarkQuery query) throws Exception {
        Result embedded = NexmarkJobs.tidemark(query, CONFIG, 2);

        assertThat(embedded.count()).as("the query has results").isPositive();
        assertThat(JetNexmark.run(member, query, CONFIG, 2)).isEqualTo(embedded);
    }

    @Test
    void aQueryNotWrittenOnJetIsRefused() {
        assertThat(JetNexmark.expresses(NexmarkQuery.q9)).isFalse();
        assertThatThrownBy(() -> JetNexmark.run(member, NexmarkQuery.q9, CONFIG, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("q9");
    }
}
