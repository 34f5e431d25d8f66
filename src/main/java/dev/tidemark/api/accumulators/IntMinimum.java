package dev.tidemark.api.accumulators;

/** The smallest int added ({@code Integer.MAX_VALUE} before any). */
public class IntMinimum implements SimpleAccumulator<Integer> {

    private static final long serialVersionUID = 1L;

    private int value = Integer.MAX_VALUE;

    public IntMinimum() {}

    public IntMinimum(int value) {
        this.value = value;
    }

    @Override
    public void add(Integer added) {
        add(added.intValue());
    }

    /** Adds without boxing. */
    public void add(int added) {
        value = Math.min(value, added);
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
        value = Integer.MAX_VALUE;
    }

    @Override
    public void merge(Accumulator<Integer, Integer> other) {
        add(other.getLocalValue().intValue());
    }

    @Override
    public IntMinimum clone() {
        return new IntMinimum(value);
    }

    @Override
    public String toString() {
        return "IntMinimum " + value;
    }
}
