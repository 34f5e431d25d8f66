package dev.tidemark.api.accumulators;

/**
 * The int accumulators: a value that each added int is combined into (see {@code combine}),
 * from a starting value, merged the same way; kept unboxed.
 */
abstract class IntAccumulator<A extends IntAccumulator<A>> implements SimpleAccumulator<Integer> {

    private static final long serialVersionUID = 1L;

    private int value;

    IntAccumulator(int value) {
        this.value = value;
    }

    /** The value before anything is added. */
    abstract int identity();

    /** {@code current} with {@code added} combined into it. */
    abstract int combine(int current, int added);

    /** A new accumulator of this kind holding {@code value}. */
    abstract A holding(int value);

    @Override
    public void add(Integer added) {
        add(added.intValue());
    }

    /** Adds without boxing. */
    public void add(int added) {
        value = combine(value, added);
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
        value = identity();
    }

    @Override
    public void merge(Accumulator<Integer, Integer> other) {
        add(other.getLocalValue().intValue());
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
