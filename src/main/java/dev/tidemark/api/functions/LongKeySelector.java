package dev.tidemark.api.functions;

/**
 * A {@link KeySelector} whose keys are {@code long}s, handed over without boxing. The stream it keys
 * has {@code Long} keys like any other, and the same key lands in the same key group and parallel
 * instance as with {@code value -> Long.valueOf(...)}, so state and savepoints are interchangeable
 * between the two. What changes is the cost: where Tidemark keeps its own state by key (event-time
 * tumbling and sliding windows, panes and sessions with the default trigger and {@code reduce} or
 * {@code aggregate}) or routes records by key (the exchange of {@code keyBy}), it reads the key as a
 * {@code long} and allocates nothing for it per element; a boxing selector allocates a {@code Long}
 * per element outside the small cache of {@code -128..127}. {@code keyBy} turns a method reference
 * to a method returning {@code long} ({@code keyBy(Event::userId)}) into one by itself; a lambda
 * ({@code e -> e.userId()}) boxes inside itself and needs {@code LongKeySelector.of}.
 *
 * <pre>{@code
 * events.keyBy(LongKeySelector.of(Event::userId))
 *       .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
 *       .aggregate(new Sum());
 * }</pre>
 *
 * <p>Everywhere else (keyed state, timers, the key a window function is given) the key is a
 * {@code Long} equal to {@link #getKey}'s. Where each element makes its key current (keyed process
 * functions, keyed state), the box comes from a cache the library keeps per key (for some ten
 * thousand keys at a time), so a key that recurs is not boxed again. Do not compare keys with
 * {@code ==}.
 *
 * @param <IN> the element type
 */
@FunctionalInterface
public interface LongKeySelector<IN> extends KeySelector<IN, Long> {

    /** The key of {@code value}. */
    long getLongKey(IN value) throws Exception;

    /** The key of {@code value}, boxed. */
    @Override
    default Long getKey(IN value) throws Exception {
        return getLongKey(value);
    }

    /**
     * Returns {@code selector}: a lambda or method reference passed here is typed as a
     * {@code LongKeySelector} without a cast, as in {@code keyBy(LongKeySelector.of(Event::userId))}.
     */
    static <IN> LongKeySelector<IN> of(LongKeySelector<IN> selector) {
        if (selector == null) {
            throw new NullPointerException("selector must not be null");
        }
        return selector;
    }
}
