package dev.tidemark.api.source;

import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.eventtime.WatermarkStrategy;

/**
 * A source made of more than one operator (the file source: a monitor and its readers), added
 * with {@code env.fromSource(source, strategy, name)} as Flink adds its sources.
 *
 * @param <T> the element type
 */
public interface ComposedSource<T> {

    /** Adds the source's operators to {@code env}; the stream of its elements, timestamped by {@code strategy}. */
    SingleOutputStreamOperator<T> addTo(StreamExecutionEnvironment env, WatermarkStrategy<T> strategy, String name);
}
