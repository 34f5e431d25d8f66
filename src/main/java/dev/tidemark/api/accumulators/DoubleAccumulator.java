package dev.tidemark.api.accumulators;

/**
 * The double accumulators: a value that each added double is combined into (see {@code combine}),
 * from a starting value, merged the same way; kept unboxed.
 */
abstract class DoubleAccumulator<A extends DoubleAccumulator<A>> implements SimpleAccumulator<Double> {

    private static final long serialVersionUID = 1L;

    private double value;

    DoubleAccumulator(double value) {
        this.value = value;
    }

    /** The value before anything is added. */
    abstract double identity();

    /** {@code current} with {@code added} combined into it. */
    abstract double combine(double current, double added);

    /** A new accumulator of this kind holding {@code value}. */
    abstract A holding(double value);

    @Override
    public void add(Double added) {
        add(added.doubleValue());
    }

    /** Adds without boxing. */
    public void add(double added) {
        value = combine(value, added);
    }

    @Override
    public Double getLocalValue() {
        return value;
    }

    public double getLocalValuePrimitive() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = identity();
    }

    @Override
    public void merge(Accumulator<Double, Double> other) {
        add(other.getLocalValue().doubleValue());
    }

    @Override
    public A clone() {
        return holding(value);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + " " + value;
    }
}
