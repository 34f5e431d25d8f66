package dev.tidemark.api.accumulators;

/** The largest long added ({@code Long.MIN_VALUE} before any). */
public class LongMaximum extends LongAccumulator<LongMaximum> {

    private static final long serialVersionUID = 1L;

    public LongMaximum() {
        super(Long.MIN_VALUE);
    }

    public LongMaximum(long value) {
        super(value);
    }

    @Override
    long identity() {
        return Long.MIN_VALUE;
    }

    @Override
    long combine(long current, long added) {
        return Math.max(current, added);
    }

    @Override
    LongMaximum holding(long value) {
        return new LongMaximum(value);
    }
}
