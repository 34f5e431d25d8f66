package dev.tidemark.api.functions;

import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;

/**
 * Computes the result of a keyed window when it fires, from the window and its elements (or the
 * one pre-aggregated value, after {@code reduce} or {@code aggregate}); the older, smaller form of
 * {@link ProcessWindowFunction}, without state or side outputs. Results carry the window's
 * {@code maxTimestamp()}.
 *
 * @param <IN> the input: elements, or the pre-aggregated value
 * @param <OUT> the output type
 * @param <KEY> the key type
 * @param <W> the window type
 */
@FunctionalInterface
public interface WindowFunction<IN, OUT, KEY, W extends Window> extends Serializable {

    void apply(KEY key, W window, Iterable<IN> input, Collector<OUT> out) throws Exception;
}
