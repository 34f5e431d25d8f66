package dev.tidemark.api.sink;

/**
 * Drops every element, as Flink's sink of the same name: for jobs run for their side effects or
 * measured, and for tests of what happens upstream.
 *
 * @param <T> the element type
 */
public final class DiscardingSink<T> implements SinkFunction<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public void invoke(T value, Context context) {}
}
