package dev.tidemark.api.accumulators;

/** A sum of doubles. */
public class DoubleCounter implements SimpleAccumulator<Double> {

    private static final long serialVersionUID = 1L;

    private double value;

    public DoubleCounter() {}

    public DoubleCounter(double value) {
        this.value = value;
    }

    @Override
    public void add(Double added) {
        add(added.doubleValue());
    }

    /** Adds without boxing. */
    public void add(double added) {
        value += added;
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
        value = 0;
    }

    @Override
    public void merge(Accumulator<Double, Double> other) {
        add(other.getLocalValue().doubleValue());
    }

    @Override
    public DoubleCounter clone() {
        return new DoubleCounter(value);
    }

    @Override
    public String toString() {
        return "DoubleCounter " + value;
    }
}
