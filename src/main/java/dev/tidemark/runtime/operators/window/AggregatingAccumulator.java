package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;

/**
 * An {@code AggregateFunction} as a window's {@link Accumulator}, whose new accumulators are made
 * ahead, a batch at a time, so that they lie side by side in memory. Made one by one as keys first
 * reach a window, each would sit among the elements allocated in between, a cache line of its own;
 * made together, a window's accumulators share lines and pages, and a key's next element finds its
 * accumulator in cache far more often. (W1, with ten elements per key and window, spent a fifth of
 * its time waiting for accumulators.)
 *
 * <p>Only accumulators that {@code add} changes in place are made ahead: the first time {@code add}
 * returns a new accumulator instead of the one it was given, making them ahead stops.
 * {@code createAccumulator} is then called as keys arrive, as before. A batch is as large as
 * all batches before it, from {@value #FIRST_BATCH} up to {@value #MAX_BATCH}, so no more
 * accumulators wait unused than were used so far (or {@value #FIRST_BATCH}), and never more than
 * {@value #MAX_BATCH}.
 *
 * <p>Threading: the owning task's thread only.
 */
final class AggregatingAccumulator<IN, ACC> implements Accumulator<IN, ACC> {

    static final int FIRST_BATCH = 16;
    static final int MAX_BATCH = 1024;

    private final AggregateFunction<IN, ACC, ?> function;
    private Object[] made = new Object[FIRST_BATCH];
    private int next;
    private int count;
    private long madeSoFar; // all used by the time the next batch is made
    private boolean makingAhead = true;

    AggregatingAccumulator(AggregateFunction<IN, ACC, ?> function) {
        this.function = function;
    }

    @Override
    @SuppressWarnings("unchecked")
    public ACC first(IN value) {
        if (!makingAhead) {
            return firstNow(value);
        }
        if (next == count) {
            makeBatch();
        }
        ACC fresh = (ACC) made[next];
        made[next++] = null;
        ACC result = function.add(value, fresh);
        if (result != fresh) {
            makingAhead = false; // add returns new accumulators: none gains from being made ahead
            made = null;
        }
        return result;
    }

    @Override
    public ACC firstNow(IN value) {
        return function.add(value, function.createAccumulator());
    }

    private void makeBatch() {
        int batch = (int) Math.min(MAX_BATCH, Math.max(FIRST_BATCH, madeSoFar)); // no more than were used so far
        madeSoFar += batch;
        if (made.length < batch) {
            made = new Object[batch];
        }
        for (int i = 0; i < batch; i++) {
            made[i] = function.createAccumulator();
        }
        count = batch;
        next = 0;
    }

    @Override
    public ACC add(IN value, ACC acc) {
        return function.add(value, acc);
    }

    @Override
    public ACC merge(ACC a, ACC b) {
        return function.merge(a, b);
    }

    @Override
    public Object result(ACC acc) {
        return function.getResult(acc);
    }
}
