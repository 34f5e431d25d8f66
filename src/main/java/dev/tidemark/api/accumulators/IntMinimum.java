package dev.tidemark.api.accumulators;

/** The smallest int added ({@code Integer.MAX_VALUE} before any). */
public class IntMinimum extends IntAccumulator<IntMinimum> {

    private static final long serialVersionUID = 1L;

    public IntMinimum() {
        super(Integer.MAX_VALUE);
    }

    public IntMinimum(int value) {
        super(value);
    }

    @Override
    int identity() {
        return Integer.MAX_VALUE;
    }

    @Override
    int combine(int current, int added) {
        return Math.min(current, added);
    }

    @Override
    IntMinimum holding(int value) {
        return new IntMinimum(value);
    }
}
