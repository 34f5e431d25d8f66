package dev.tidemark.api.accumulators;

/** The smallest long added ({@code Long.MAX_VALUE} before any). */
public class LongMinimum implements SimpleAccumulator<Long> {

    private static final long serialVersionUID = 1L;

    private long value = Long.MAX_VALUE;

    public LongMinimum() {}

    public LongMinimum(long value) {
        this.value = value;
    }

    @Override
    public void add(Long added) {
        add(added.longValue());
    }

    /** Adds without boxing. */
    public void add(long added) {
        value = Math.min(value, added);
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
        value = Long.MAX_VALUE;
    }

    @Override
    public void merge(Accumulator<Long, Long> other) {
        add(other.getLocalValue().longValue());
    }

    @Override
    public LongMinimum clone() {
        return new LongMinimum(value);
    }

    @Override
    public String toString() {
        return "LongMinimum " + value;
    }
}
