package dev.tidemark.api.accumulators;

/** A sum of ints. */
public class IntCounter extends IntAccumulator<IntCounter> {

    private static final long serialVersionUID = 1L;

    public IntCounter() {
        super(0);
    }

    public IntCounter(int value) {
        super(value);
    }

    @Override
    int identity() {
        return 0;
    }

    @Override
    int combine(int current, int added) {
        return current + added;
    }

    @Override
    IntCounter holding(int value) {
        return new IntCounter(value);
    }
}
