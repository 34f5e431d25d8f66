package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.windowing.windows.Window;

/**
 * Hands a firing window's buffers to the user's {@link CoGroupFunction}; its results carry the
 * window's {@code maxTimestamp()}, as every window result does. The user function's lifecycle
 * calls are forwarded.
 */
public final class CoGroupWindowFunction<T1, T2, OUT, K, W extends Window>
        extends ProcessWindowFunction<CoGroupBuffers<T1, T2>, OUT, K, W> {

    private static final long serialVersionUID = 1L;

    private final CoGroupFunction<T1, T2, OUT> function;

    public CoGroupWindowFunction(CoGroupFunction<T1, T2, OUT> function) {
        this.function = function;
    }

    @Override
    public void open(RuntimeContext context) throws Exception {
        if (function instanceof RichFunction rich) {
            rich.open(context);
        }
    }

    @Override
    public void close() throws Exception {
        if (function instanceof RichFunction rich) {
            rich.close();
        }
    }

    @Override
    public void process(K key, Context context, Iterable<CoGroupBuffers<T1, T2>> elements, Collector<OUT> out)
            throws Exception {
        for (CoGroupBuffers<T1, T2> buffers : elements) { // one: the window's accumulator
            function.coGroup(buffers.first(), buffers.second(), out);
        }
    }
}
