package dev.tidemark.api.accumulators;

/** The smallest long added ({@code Long.MAX_VALUE} before any). */
public class LongMinimum extends LongAccumulator<LongMinimum> {

    private static final long serialVersionUID = 1L;

    public LongMinimum() {
        super(Long.MAX_VALUE);
    }

    public LongMinimum(long value) {
        super(value);
    }

    @Override
    long identity() {
        return Long.MAX_VALUE;
    }

    @Override
    long combine(long current, long added) {
        return Math.min(current, added);
    }

    @Override
    LongMinimum holding(long value) {
        return new LongMinimum(value);
    }
}
