package dev.tidemark.api.sink;


/**
 * Prints each element's {@code toString()} on standard output (or standard error), one per line,
 * after an optional {@code "prefix> "}.
 *
 * @param <T> the element type
 */
public final class PrintSink<T> implements SinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final String prefix;
    private final boolean stdErr;

    /** Prints to standard output without a prefix. */
    public PrintSink() {
        this("", false);
    }

    /**
     * @param prefix printed before each element followed by {@code "> "}, unless empty
     * @param stdErr print to standard error instead of standard output
     */
    public PrintSink(String prefix, boolean stdErr) {
        this.prefix = prefix == null || prefix.isEmpty() ? "" : prefix + "> ";
        this.stdErr = stdErr;
    }

    @Override
    public void invoke(T value, Context context) {
        (stdErr ? System.err : System.out).println(prefix + value);
    }
}
