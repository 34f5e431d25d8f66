package dev.tidemark.api.source;


/** A bounded source of the longs {@code from} to {@code to}, both inclusive, without timestamps. */
public final class SequenceSource implements SourceFunction<Long> {

    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;
    private volatile boolean running = true;

    /** @throws IllegalArgumentException if {@code from > to} */
    public SequenceSource(long from, long to) {
        if (from > to) {
            throw new IllegalArgumentException("from must not be greater than to: from=" + from + ", to=" + to);
        }
        this.from = from;
        this.to = to;
    }

    @Override
    public void run(SourceContext<Long> ctx) {
        for (long i = from; running; i++) {
            ctx.collect(i);
            if (i == to) {
                return;
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
