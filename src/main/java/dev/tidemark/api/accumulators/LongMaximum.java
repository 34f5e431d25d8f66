package dev.tidemark.api.accumulators;

/** The largest long added ({@code Long.MIN_VALUE} before any). */
public class LongMaximum implements SimpleAccumulator<Long> {

    private static final long serialVersionUID = 1L;

    private long value = Long.MIN_VALUE;

    public LongMaximum() {}

    public LongMaximum(long value) {
        this.value = value;
    }

    @Override
    public void add(Long added) {
        add(added.longValue());
    }

    /** Adds without boxing. */
    public void add(long added) {
        value = Math.max(value, added);
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
        value = Long.MIN_VALUE;
    }

    @Override
    public void merge(Accumulator<Long, Long> other) {
        add(other.getLocalValue().longValue());
    }

    @Override
    public LongMaximum clone() {
        return new LongMaximum(value);
    }

    @Override
    public String toString() {
        return "LongMaximum " + value;
    }
}
