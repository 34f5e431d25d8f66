package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.windowing.windows.Window;

/**
 * The window function of a non-keyed ({@code windowAll}) window: as {@link ProcessWindowFunction},
 * without a key.
 */
public abstract class ProcessAllWindowFunction<IN, OUT, W extends Window> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void process(Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception;

    public void clear(Context context) throws Exception {}

    /** What {@link #process} sees besides the elements. */
    public abstract class Context {

        public abstract W window();

        public abstract long currentProcessingTime();

        public abstract long currentWatermark();

        public abstract KeyedStateStore windowState();

        public abstract KeyedStateStore globalState();

        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
