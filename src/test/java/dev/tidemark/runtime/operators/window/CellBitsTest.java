package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two bits per ring cell of the sliding windows' key index, in rings of one word and of several. */
class CellBitsTest {

    @Test
    void aRangeHolds_onlyIfEveryCellHoldsTheKey_andNoElementWaits_wrappingPastTheRingsEnd() {
        for (int ringBits : new int[] {3, 6, 8}) { // 8 cells, one full word, four words of each kind
            int cells = 1 << ringBits;
            CellBits bits = new CellBits(4, ringBits);
            int from = cells - 3; // wraps: the last three cells and the first two
            int to = 1;
            for (int cell : new int[] {cells - 3, cells - 2, cells - 1, 0, 1}) {
                assertThat(bits.allHoldNoneWaits(2, from, to, ringBits)).as("cell %d of %d missing", cell, cells).isFalse();
                bits.setHolds(2, cell);
            }
            assertThat(bits.allHoldNoneWaits(2, from, to, ringBits)).as("ring of %d", cells).isTrue();
            assertThat(bits.allHoldNoneWaits(1, from, to, ringBits)).as("another slot").isFalse();
            assertThat(bits.allHoldNoneWaits(2, from, 2, ringBits)).as("one cell more").isFalse();

            bits.setWaits(2, 0);
            assertThat(bits.waits(2, 0)).isTrue();
            assertThat(bits.allHoldNoneWaits(2, from, to, ringBits)).as("an element waits").isFalse();
            assertThat(bits.allHoldNoneWaits(2, from, cells - 1, ringBits)).as("before the waiting cell").isTrue();
            bits.clearWaits(2, 0);
            assertThat(bits.allHoldNoneWaits(2, from, to, ringBits)).isTrue();

            bits.setWaits(2, 1);
            bits.clear(2, 1); // the window went: neither bit stays
            assertThat(bits.holds(2, 1)).isFalse();
            assertThat(bits.waits(2, 1)).isFalse();
            assertThat(bits.holds(2, 0)).as("its neighbour").isTrue();
        }
    }

    @Test
    void growingKeepsEveryBit_andResetClearsThemForANewRingSize() {
        CellBits bits = new CellBits(2, 7);
        bits.setHolds(1, 100);
        bits.setWaits(1, 3);
        bits.grow(64);
        assertThat(bits.holds(1, 100)).isTrue();
        assertThat(bits.waits(1, 3)).isTrue();
        bits.setHolds(63, 127);
        assertThat(bits.holds(63, 127)).isTrue();
        assertThat(bits.holds(62, 127)).isFalse();

        bits.reset(64, 3);
        assertThat(bits.holds(1, 4)).isFalse(); // 100 in a ring of 8
        assertThat(bits.waits(1, 3)).isFalse();
        assertThat(bits.holds(63, 7)).isFalse();
        bits.setHolds(63, 7);
        assertThat(bits.allHoldNoneWaits(63, 7, 7, 3)).isTrue();
    }
}
