package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.runtime.operators.window.WindowFunctions;
import dev.tidemark.windowing.windows.Window;

/**
 * Hands a firing window's buffers to the user's {@link CoGroupFunction}; its results carry the
 * window's {@code maxTimestamp()}, as every window result does. The user's function (the join
 * function behind a {@link NestedLoopJoin}) is opened and closed with this one.
 */
public final class CoGroupWindowFunction<T1, T2, OUT, K, W extends Window>
        extends WindowFunctions.Delegating<CoGroupBuffers<T1, T2>, OUT, K, W> {

    private static final long serialVersionUID = 1L;

    private final CoGroupFunction<T1, T2, OUT> function;

    public CoGroupWindowFunction(CoGroupFunction<T1, T2, OUT> function) {
        super(function instanceof NestedLoopJoin<?, ?, ?> join ? join.userFunction() : function);
        this.function = function;
    }

    @Override
    public void process(K key, Context context, Iterable<CoGroupBuffers<T1, T2>> elements, Collector<OUT> out)
            throws Exception {
        for (CoGroupBuffers<T1, T2> buffers : elements) { // one: the window's accumulator
            function.coGroup(buffers.first(), buffers.second(), out);
        }
    }
}
