package dev.tidemark.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor under sliding windows whose aggregate does not declare an exact merge: each element is
 * added to its key's accumulator in every one of its windows. No operator, no table, no lookup: the
 * layout the key index gives (each key's accumulators of its open windows in a ring of references,
 * one {@code long[1]} each, made as the key reaches each window) and the adds alone, for W2's keys (10,000, in
 * its cycle) at R = 100 (ten elements per key and slide), one slide per invocation.
 *
 * <p>{@code atOnce} adds each element to its windows as it arrives, as the operator does;
 * {@code perKeyBatch} puts a key's elements of one slide aside and adds them a window at a time,
 * up to {@value #BATCH} at once, so that each accumulator is read once per batch (the change tried
 * and not landed in the thirteenth round, here without an operator's costs). {@code flat} keeps each
 * key's accumulators as their contents, side by side in one {@code long[]}, and adds through an
 * array reused for every add, copied in and out, as the operator keeps a {@code long[]} or
 * {@code double[]} accumulator; {@code flatBatch} puts elements aside as {@code perKeyBatch} does and
 * adds them to flat accumulators a window at a time (the change tried in the twenty-first round).
 * The time per element against the windows per element shows where the accumulators outgrow the
 * caches.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class PerWindowAddBenchmark {

    static final int KEYS = 10_000;
    static final int PER_KEY_AND_SLIDE = 10;
    static final int ELEMENTS = KEYS * PER_KEY_AND_SLIDE;
    static final int BATCH = 8;

    @Param({"10", "20", "30", "60"})
    public int windowsPerElement;

    @Param({"atOnce", "perKeyBatch", "flat", "flatBatch"})
    public String adds;

    private boolean atOnce;
    private boolean flat;
    private boolean flatBatch;
    private long[] flatCells; // key * ring + (window & ringMask) -> the accumulator's one long
    private final long[] scratch = new long[1]; // what add sees of a flat cell
    private int ringMask;
    private Object[] cells; // key * ring + (window & ringMask) -> long[1]
    private long[][] batches; // per key: its elements put aside
    private int[] batched;
    private long[] values; // the elements' values: an Event's field, read once per add
    private long slide;

    @Setup(Level.Trial)
    public void setUp() {
        atOnce = adds.equals("atOnce");
        flat = adds.startsWith("flat");
        flatBatch = adds.equals("flatBatch");
        int ring = Integer.highestOneBit(windowsPerElement * 2 - 1);
        ringMask = ring - 1;
        cells = new Object[KEYS * ring];
        flatCells = new long[KEYS * ring];
        batches = new long[KEYS][BATCH];
        batched = new int[KEYS];
        values = new long[ELEMENTS];
        for (int i = 0; i < ELEMENTS; i++) {
            values[i] = i % 100;
        }
        while (slide < windowsPerElement) { // every key's windows open
            slide();
        }
    }

    /** One slide of event time: a window opens, every key reaches it, each element adds, the oldest window fires. */
    @Benchmark
    @OperationsPerInvocation(ELEMENTS)
    public long slide() {
        long window = slide++;
        int newest = (int) (window & ringMask);
        long fired = 0;
        for (int i = 0; i < ELEMENTS; i++) {
            int key = (int) ((i * 7919L) % KEYS);
            int base = key * (ringMask + 1);
            if (flat) {
                if (i < KEYS) {
                    flush(key, window - 1);
                    flatCells[base + newest] = (new long[1])[0]; // createAccumulator, copied in
                }
                if (flatBatch) {
                    putAside(key, window, values[i]);
                } else {
                    addToAllFlat(base, window, values[i]);
                }
                continue;
            }
            if (i < KEYS) {
                flush(key, window - 1);
                cells[base + newest] = new long[1];
            }
            if (atOnce) {
                addToAll(base, window, values[i]);
            } else {
                putAside(key, window, values[i]);
            }
        }
        long oldest = window - windowsPerElement + 1;
        if (oldest >= 0) {
            int cell = (int) (oldest & ringMask);
            for (int key = 0; key < KEYS && flat; key++) {
                flush(key, window);
                fired += new long[] {flatCells[key * (ringMask + 1) + cell]}[0];
            }
            for (int key = 0; key < KEYS && !flat; key++) {
                flush(key, window);
                fired += ((long[]) cells[key * (ringMask + 1) + cell])[0];
                cells[key * (ringMask + 1) + cell] = null;
            }
        }
        return fired;
    }

    private void addToAll(int base, long window, long value) {
        for (long w = window; w > window - windowsPerElement && w >= 0; w--) {
            ((long[]) cells[base + (int) (w & ringMask)])[0] += value;
        }
    }

    private void addToAllFlat(int base, long window, long value) {
        for (long w = window; w > window - windowsPerElement && w >= 0; w--) {
            int cell = base + (int) (w & ringMask);
            scratch[0] = flatCells[cell];
            flatCells[cell] = add(value, scratch)[0];
        }
    }

    private static long[] add(long value, long[] acc) {
        acc[0] += value;
        return acc;
    }

    /** Puts {@code value} aside for {@code key}; a full batch is added at once. */
    private void putAside(int key, long window, long value) {
        batches[key][batched[key]++] = value;
        if (batched[key] == BATCH) {
            flush(key, window);
        }
    }

    /** Adds the key's elements put aside to its windows up to {@code window}, a window at a time, objects or flat. */
    private void flush(int key, long window) {
        int count = batched[key];
        if (count == 0) {
            return;
        }
        long[] batch = batches[key];
        int base = key * (ringMask + 1);
        for (long w = window; w > window - windowsPerElement && w >= 0; w--) {
            int cell = base + (int) (w & ringMask);
            long[] acc = flat ? scratch : (long[]) cells[cell];
            if (flat) {
                scratch[0] = flatCells[cell]; // each flat cell copied in and out once per batch
            }
            for (int i = 0; i < count; i++) {
                add(batch[i], acc);
            }
            if (flat) {
                flatCells[cell] = scratch[0];
            }
        }
        batched[key] = 0;
    }
}
