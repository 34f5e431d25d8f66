package dev.tidemark.api.accumulators;

/**
 * The long accumulators: a value that each added long is combined into (see {@code combine}),
 * from a starting value, merged the same way; kept unboxed.
 */
abstract class LongAccumulator<A extends LongAccumulator<A>> implements SimpleAccumulator<Long> {

    private static final long serialVersionUID = 1L;

    private long value;

    LongAccumulator(long value) {
        this.value = value;
    }

    /** The value before anything is added. */
    abstract long identity();

    /** {@code current} with {@code added} combined into it. */
    abstract long combine(long current, long added);

    /** A new accumulator of this kind holding {@code value}. */
    abstract A holding(long value);

    @Override
    public void add(Long added) {
        add(added.longValue());
    }

    /** Adds without boxing. */
    public void add(long added) {
        value = combine(value, added);
    }

    @Override
    public Long getLocalValue() {
        return value;
    }

    public long getLocalValuePrimitive() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = identity();
    }

    @Override
    public void merge(Accumulator<Long, Long> other) {
        add(other.getLocalValue().longValue());
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
