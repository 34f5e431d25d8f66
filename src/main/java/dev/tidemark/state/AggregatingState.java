package dev.tidemark.state;

/**
 * An accumulator per key that every {@link #add} updates with an {@code AggregateFunction}.
 *
 * @param <IN> the input type
 * @param <OUT> the result type
 */
public interface AggregatingState<IN, OUT> extends State {

    /** The aggregate's result, or {@code null} if nothing was added. */
    OUT get();

    /** Adds {@code value} to the accumulator. */
    void add(IN value);
}
