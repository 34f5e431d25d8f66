package dev.tidemark.api.accumulators;

/** A sum of longs. */
public class LongCounter implements SimpleAccumulator<Long> {

    private static final long serialVersionUID = 1L;

    private long value;

    public LongCounter() {}

    public LongCounter(long value) {
        this.value = value;
    }

    @Override
    public void add(Long added) {
        add(added.longValue());
    }

    /** Adds without boxing. */
    public void add(long added) {
        value += added;
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
        value = 0;
    }

    @Override
    public void merge(Accumulator<Long, Long> other) {
        add(other.getLocalValue().longValue());
    }

    @Override
    public LongCounter clone() {
        return new LongCounter(value);
    }

    @Override
    public String toString() {
        return "LongCounter " + value;
    }
}
