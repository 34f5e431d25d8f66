package dev.tidemark.api.accumulators;

/** The largest int added ({@code Integer.MIN_VALUE} before any). */
public class IntMaximum extends IntAccumulator<IntMaximum> {

    private static final long serialVersionUID = 1L;

    public IntMaximum() {
        super(Integer.MIN_VALUE);
    }

    public IntMaximum(int value) {
        super(value);
    }

    @Override
    int identity() {
        return Integer.MIN_VALUE;
    }

    @Override
    int combine(int current, int added) {
        return Math.max(current, added);
    }

    @Override
    IntMaximum holding(int value) {
        return new IntMaximum(value);
    }
}
