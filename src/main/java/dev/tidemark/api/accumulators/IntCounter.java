package dev.tidemark.api.accumulators;

/** A sum of ints. */
public class IntCounter implements SimpleAccumulator<Integer> {

    private static final long serialVersionUID = 1L;

    private int value;

    public IntCounter() {}

    public IntCounter(int value) {
        this.value = value;
    }

    @Override
    public void add(Integer added) {
        add(added.intValue());
    }

    /** Adds without boxing. */
    public void add(int added) {
        value += added;
    }

    @Override
    public Integer getLocalValue() {
        return value;
    }

    public int getLocalValuePrimitive() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = 0;
    }

    @Override
    public void merge(Accumulator<Integer, Integer> other) {
        add(other.getLocalValue().intValue());
    }

    @Override
    public IntCounter clone() {
        return new IntCounter(value);
    }

    @Override
    public String toString() {
        return "IntCounter " + value;
    }
}
