package dev.tidemark.api.sink;

import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;

/**
 * Prints each element's {@code toString()} on standard output (or standard error), one per line,
 * after a prefix as Flink's print sink writes it: at parallelism 1 {@code "identifier> "} (nothing
 * without an identifier); above, the instance's number from 1 too: {@code "identifier:2> "}, or
 * {@code "2> "} without an identifier.
 *
 * @param <T> the element type
 */
public final class PrintSink<T> implements SinkFunction<T>, RichFunction {

    private static final long serialVersionUID = 1L;

    private final String identifier;
    private final boolean stdErr;
    private transient String prefix;

    /** Prints to standard output without a prefix. */
    public PrintSink() {
        this("", false);
    }

    /**
     * @param identifier starts each line's prefix, unless null or empty
     * @param stdErr print to standard error instead of standard output
     */
    public PrintSink(String identifier, boolean stdErr) {
        this.identifier = identifier == null ? "" : identifier;
        this.stdErr = stdErr;
    }

    @Override
    public void open(RuntimeContext context) {
        String start = identifier;
        if (context.getNumberOfParallelSubtasks() > 1) {
            start = (start.isEmpty() ? "" : start + ":") + (context.getIndexOfThisSubtask() + 1);
        }
        prefix = start.isEmpty() ? "" : start + "> ";
    }

    @Override
    public void invoke(T value, Context context) {
        (stdErr ? System.err : System.out).println(prefix + value);
    }
}
