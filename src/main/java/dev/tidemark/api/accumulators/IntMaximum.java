package dev.tidemark.api.accumulators;

/** The largest int added ({@code Integer.MIN_VALUE} before any). */
public class IntMaximum implements SimpleAccumulator<Integer> {

    private static final long serialVersionUID = 1L;

    private int value = Integer.MIN_VALUE;

    public IntMaximum() {}

    public IntMaximum(int value) {
        this.value = value;
    }

    @Override
    public void add(Integer added) {
        add(added.intValue());
    }

    /** Adds without boxing. */
    public void add(int added) {
        value = Math.max(value, added);
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
        value = Integer.MIN_VALUE;
    }

    @Override
    public void merge(Accumulator<Integer, Integer> other) {
        add(other.getLocalValue().intValue());
    }

    @Override
    public IntMaximum clone() {
        return new IntMaximum(value);
    }

    @Override
    public String toString() {
        return "IntMaximum " + value;
    }
}
