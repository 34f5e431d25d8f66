package dev.tidemark.api.functions;

import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;

/**
 * Computes the result of a non-keyed window ({@code windowAll}) when it fires; the smaller form of
 * {@link ProcessAllWindowFunction}.
 *
 * @param <IN> the input: elements, or the pre-aggregated value
 * @param <OUT> the output type
 * @param <W> the window type
 */
@FunctionalInterface
public interface AllWindowFunction<IN, OUT, W extends Window> extends Serializable {

    void apply(W window, Iterable<IN> values, Collector<OUT> out) throws Exception;
}
