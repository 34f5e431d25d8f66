package dev.tidemark.runtime.operators.window;

import java.util.Arrays;

/**
 * The accumulators of a {@link KeyWindowIndex}'s cells, or of a {@link WindowTable} that holds its
 * own (a tumbling window's, or a sliding window's while no key index holds them), for an
 * {@code AggregateFunction} whose accumulators are {@code long[]} or {@code double[]} of one
 * length: kept as their contents, side by side in one {@code long[]}, rather than as an object per
 * key and window. A key's accumulators in its open windows then lie in a few adjacent cache lines
 * (60 windows of a {@code long[1]}: 480 bytes, against 60 arrays of 24 bytes scattered over the heap
 * and a ring of references to them), and the collector has no object per window to trace and copy.
 *
 * <p>The aggregate sees each accumulator as a copy: {@code add} gets the cell's contents in an array
 * reused for every add, and whatever array it returns is copied back; {@code getResult} (and a
 * snapshot) gets a new array of its own. Results are the same as with objects for any aggregate
 * that does not keep a reference to an accumulator it was given beyond the call, which Flink's
 * RocksDB state backend, which serializes an accumulator on every access, also assumes. An
 * aggregate that returns an accumulator of another type or length has its cells made objects
 * again, for good (the index, or {@link WindowTables} for every table, does that when {@link #add}
 * or {@link #store} refuses).
 *
 * <p>Threading: the owning task's thread only.
 */
final class FlatAccumulators {

    static final int MAX_WIDTH = 16; // wider accumulators copy more per add than their objects cost
    private static final long MAX_LONGS = 1L << 27; // 1 GB; past it, objects held only where a window holds the key cost less

    private final Accumulator<Object, Object> accumulator;
    private final int width; // longs per cell
    private final boolean doubles; // double[] accumulators, kept as their raw bits
    private final long[] longScratch; // what add sees of a cell
    private final double[] doubleScratch;
    private long[] values;

    private FlatAccumulators(Accumulator<Object, Object> accumulator, int width, boolean doubles, int cells) {
        this.accumulator = accumulator;
        this.width = width;
        this.doubles = doubles;
        this.longScratch = doubles ? null : new long[width];
        this.doubleScratch = doubles ? new double[width] : null;
        this.values = new long[cells * width];
    }

    /**
     * Flat cells for accumulators like {@code sample}, one the aggregate made, for {@code cells}
     * cells; null if they cannot be flat: not a user's {@code AggregateFunction} (a reduce's
     * accumulator is the element itself), or not a {@code long[]} or {@code double[]} of 1 to
     * {@value #MAX_WIDTH} elements.
     */
    static FlatAccumulators forSample(Accumulator<Object, Object> accumulator, Object sample, int cells) {
        if (!(accumulator instanceof AggregatingAccumulator) || !canBeFlat(sample)) {
            return null;
        }
        int width = sample instanceof long[] longs ? longs.length : ((double[]) sample).length;
        return new FlatAccumulators(accumulator, width, sample instanceof double[], cells);
    }

    /** Whether accumulators like {@code sample} can be flat: a {@code long[]} or {@code double[]} of 1 to {@value #MAX_WIDTH}. */
    static boolean canBeFlat(Object sample) {
        int width = sample instanceof long[] longs ? longs.length : sample instanceof double[] doubles ? doubles.length : 0;
        return width > 0 && width <= MAX_WIDTH;
    }

    /** Empty flat cells laid out as these are, for {@code cells} cells: another table's. */
    FlatAccumulators emptyLike(int cells) {
        return new FlatAccumulators(accumulator, width, doubles, cells);
    }

    /**
     * Adds {@code value} to the accumulator in {@code cell}.
     *
     * @return null, or the accumulator {@code add} returned if it cannot be flat: then nothing was
     *     stored, and it is the cell's accumulator now
     */
    Object add(int cell, Object value) throws Exception {
        Object updated = accumulator.add(value, load(cell));
        return store(cell, updated) ? null : updated;
    }

    /** Whether {@code acc} can be kept in these cells: an array of their type and width. */
    boolean holds(Object acc) {
        return doubles ? acc instanceof double[] d && d.length == width : acc instanceof long[] l && l.length == width;
    }

    /** Stores the contents of {@code acc} in {@code cell}; false, storing nothing, if it cannot be flat here. */
    boolean store(int cell, Object acc) {
        int base = cell * width;
        if (doubles) {
            if (!(acc instanceof double[] contents) || contents.length != width) {
                return false;
            }
            if (width == 1) {
                values[base] = Double.doubleToRawLongBits(contents[0]);
            } else {
                for (int i = 0; i < width; i++) {
                    values[base + i] = Double.doubleToRawLongBits(contents[i]);
                }
            }
        } else {
            if (!(acc instanceof long[] contents) || contents.length != width) {
                return false;
            }
            if (width == 1) {
                values[base] = contents[0];
            } else {
                System.arraycopy(contents, 0, values, base, width);
            }
        }
        return true;
    }

    // Each copy takes one element without a loop where the width is 1: a loop over the width (a
    // field, so the JIT unrolls and checks it) made 60 windows per element 3 times as slow.

    /** The contents of {@code cell}, in the array reused for every add. */
    private Object load(int cell) {
        int base = cell * width;
        if (doubles) {
            if (width == 1) {
                doubleScratch[0] = Double.longBitsToDouble(values[base]);
            } else {
                for (int i = 0; i < width; i++) {
                    doubleScratch[i] = Double.longBitsToDouble(values[base + i]);
                }
            }
            return doubleScratch;
        }
        if (width == 1) {
            longScratch[0] = values[base];
        } else {
            System.arraycopy(values, base, longScratch, 0, width);
        }
        return longScratch;
    }

    /** The accumulator in {@code cell}, in an array of its own: for the window function or a snapshot to keep. */
    Object copyOf(int cell) {
        int base = cell * width;
        if (doubles && width == 1) {
            return new double[] {Double.longBitsToDouble(values[base])};
        }
        if (doubles) {
            double[] copy = new double[width];
            for (int i = 0; i < width; i++) {
                copy[i] = Double.longBitsToDouble(values[base + i]);
            }
            return copy;
        }
        return width == 1 ? new long[] {values[base]} : Arrays.copyOfRange(values, base, base + width);
    }

    /** Whether {@code cells} cells may be flat: all of them take memory, whether their window holds a key or not. */
    boolean fits(long cells) {
        return cells * width <= MAX_LONGS;
    }

    /** Room for {@code cells} cells, the first ones kept (slots added). */
    void grow(int cells) {
        values = Arrays.copyOf(values, cells * width);
    }

    /** Room for {@code cells} cells, none kept (the rings laid out again): a cell is read only once stored. */
    void reset(int cells) {
        if (values.length != cells * width) {
            values = new long[cells * width];
        }
    }
}
