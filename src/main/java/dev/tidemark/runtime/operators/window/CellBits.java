package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * Two bits per cell of each slot's ring in a {@link KeyWindowIndex}: whether the cell's window holds
 * the slot's key, and whether the key's first element waits in the cell, not yet added. A slot's
 * words of each kind lie side by side, so that an add reads both kinds in one cache line, and a ring
 * of up to 64 cells is one word of each: all of an element's windows are tested at once.
 *
 * <p>Threading: the owning task's thread only.
 */
final class CellBits {

    private int wordBits; // log2 of the words of each kind per slot: one bit per cell of a ring
    private long[] words;

    CellBits(int slots, int ringBits) {
        this.wordBits = wordBitsOf(ringBits);
        this.words = new long[slots * wordsPerSlot()];
    }

    private static int wordBitsOf(int ringBits) {
        return Math.max(0, ringBits - 6);
    }

    private int wordsPerSlot() {
        return 2 << wordBits;
    }

    private int holdsWord(int slot, int ringCell) {
        return (slot << (wordBits + 1)) + (ringCell >>> 6);
    }

    private int waitsWord(int slot, int ringCell) {
        return holdsWord(slot, ringCell) + (1 << wordBits);
    }

    /** Room for {@code slots} slots, keeping every bit. */
    void grow(int slots) {
        words = Arrays.copyOf(words, slots * wordsPerSlot());
    }

    /** Every bit clear, for {@code slots} slots with rings of {@code 2^ringBits} cells. */
    void reset(int slots, int ringBits) {
        wordBits = wordBitsOf(ringBits);
        if (slots * wordsPerSlot() == words.length) {
            Arrays.fill(words, 0);
        } else {
            words = new long[slots * wordsPerSlot()];
        }
    }

    /** Whether the window of cell {@code ringCell} holds the key at {@code slot}. */
    boolean holds(int slot, int ringCell) {
        return (words[holdsWord(slot, ringCell)] & 1L << ringCell) != 0;
    }

    /** Whether the key's first element waits in cell {@code ringCell} of {@code slot}. */
    boolean waits(int slot, int ringCell) {
        return (words[waitsWord(slot, ringCell)] & 1L << ringCell) != 0;
    }

    void setHolds(int slot, int ringCell) {
        words[holdsWord(slot, ringCell)] |= 1L << ringCell;
    }

    void setWaits(int slot, int ringCell) {
        words[waitsWord(slot, ringCell)] |= 1L << ringCell;
    }

    void clearWaits(int slot, int ringCell) {
        words[waitsWord(slot, ringCell)] &= ~(1L << ringCell);
    }

    /** The cell's window no longer holds the key: both its bits clear. */
    void clear(int slot, int ringCell) {
        words[holdsWord(slot, ringCell)] &= ~(1L << ringCell);
        clearWaits(slot, ringCell);
    }

    /**
     * Whether the cells from ring position {@code from} to {@code to} (wrapping past the end of a ring
     * of {@code 2^ringBits} cells) all hold the key at {@code slot}, and in none does an element wait.
     */
    boolean allHoldNoneWaits(int slot, int from, int to, int ringBits) {
        if (wordBits == 0) { // the whole ring in one word of each kind: one test for all the cells
            long ring = -1L >>> (64 - (1 << ringBits));
            long mask = from <= to ? (-1L >>> (63 - to)) & (-1L << from) : (-1L << from) & ring | (-1L >>> (63 - to));
            int word = holdsWord(slot, 0);
            return (words[word] & mask) == mask && (words[word + 1] & mask) == 0;
        }
        int cells = 1 << ringBits;
        for (int cell = from; ; cell = (cell + 1) & (cells - 1)) {
            if (!holds(slot, cell) || waits(slot, cell)) {
                return false;
            }
            if (cell == to) {
                return true;
            }
        }
    }
}
