package dev.tidemark.runtime.operators.join;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A window join's lists are made as large as the side's lists have lately grown, each side on its
 * own: windows with many elements per side make one array per side, windows with one or two cost
 * what they always did, and the sizing follows a stream whose windows fill up or empty out.
 */
class CoGroupBuffersSizingTest {

    private final CoGroupBuffers.Sizing sizing = new CoGroupBuffers.Sizing();

    private void fire(int firsts, int seconds) {
        CoGroupBuffers<Integer, Integer> buffers = new CoGroupBuffers<>();
        for (int i = 0; i < firsts; i++) {
            buffers.addFirst(i, sizing);
        }
        for (int i = 0; i < seconds; i++) {
            buffers.addSecond(i, sizing);
        }
        assertThat(buffers.first()).hasSize(firsts);
        assertThat(buffers.second()).hasSize(seconds);
        sizing.fired(buffers);
    }

    @Test
    void listsStartAtTwo() {
        assertThat(sizing.firstCapacity()).isEqualTo(2);
        assertThat(sizing.secondCapacity()).isEqualTo(2);
    }

    @Test
    void aSideWithFiveElementsPerWindow_getsListsOfFiveOrMore_theOtherSideKeepsTwo() {
        for (int w = 0; w < 100; w++) {
            fire(5, 1);
        }
        assertThat(sizing.firstCapacity()).isBetween(5, 7);
        assertThat(sizing.secondCapacity()).isEqualTo(2);
    }

    @Test
    void sizesFollowTheStream_downAsWellAsUp() {
        for (int w = 0; w < 100; w++) {
            fire(40, 40);
        }
        assertThat(sizing.firstCapacity()).isBetween(40, 50);
        for (int w = 0; w < 100; w++) {
            fire(1, 0);
        }
        assertThat(sizing.firstCapacity()).isEqualTo(2);
        assertThat(sizing.secondCapacity()).as("a side that stopped coming keeps its last size").isBetween(40, 50);
    }

    @Test
    void oneHugeWindow_doesNotMakeEveryLaterListHuge() {
        for (int w = 0; w < 100; w++) {
            fire(2, 2);
        }
        fire(1_000_000_000 / 1_000, 0); // a million elements
        assertThat(sizing.firstCapacity()).as("an eighth of the way").isLessThan(200_000);
        for (int w = 0; w < 200; w++) {
            fire(2, 2);
        }
        assertThat(sizing.firstCapacity()).isEqualTo(3);
    }
}
