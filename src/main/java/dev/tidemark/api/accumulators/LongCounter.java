package dev.tidemark.api.accumulators;

/** A sum of longs. */
public class LongCounter extends LongAccumulator<LongCounter> {

    private static final long serialVersionUID = 1L;

    public LongCounter() {
        super(0);
    }

    public LongCounter(long value) {
        super(value);
    }

    @Override
    long identity() {
        return 0;
    }

    @Override
    long combine(long current, long added) {
        return current + added;
    }

    @Override
    LongCounter holding(long value) {
        return new LongCounter(value);
    }
}
