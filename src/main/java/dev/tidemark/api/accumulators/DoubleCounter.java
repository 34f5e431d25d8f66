package dev.tidemark.api.accumulators;

/** A sum of doubles. */
public class DoubleCounter extends DoubleAccumulator<DoubleCounter> {

    private static final long serialVersionUID = 1L;

    public DoubleCounter() {
        super(0);
    }

    public DoubleCounter(double value) {
        super(value);
    }

    @Override
    double identity() {
        return 0;
    }

    @Override
    double combine(double current, double added) {
        return current + added;
    }

    @Override
    DoubleCounter holding(double value) {
        return new DoubleCounter(value);
    }
}
