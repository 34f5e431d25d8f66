package dev.tidemark.api.functions;

import dev.tidemark.api.OutputTag;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.windowing.windows.Window;

/**
 * Computes the result of a window when it fires, from all its elements (or from the one
 * pre-aggregated value, after {@code reduce} or {@code aggregate}). Results carry the window's
 * {@code maxTimestamp()} as timestamp.
 *
 * @param <IN> the input: elements, or the pre-aggregated value
 * @param <OUT> the output type
 * @param <KEY> the key type
 * @param <W> the window type
 */
public abstract class ProcessWindowFunction<IN, OUT, KEY, W extends Window> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Emits the results of {@code window} for {@code key}. */
    public abstract void process(KEY key, Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception;

    /** Called when the window is cleaned up; delete per-window state here. */
    public void clear(Context context) throws Exception {}

    /** What {@link #process} sees besides the elements. */
    public abstract class Context {

        /** The window being emitted. */
        public abstract W window();

        public abstract long currentProcessingTime();

        public abstract long currentWatermark();

        /** State scoped to the key and this window; cleared by you in {@link #clear}. */
        public abstract KeyedStateStore windowState();

        /** State scoped to the key, across windows. */
        public abstract KeyedStateStore globalState();

        /** Emits to a side output, with the window's {@code maxTimestamp()}. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
