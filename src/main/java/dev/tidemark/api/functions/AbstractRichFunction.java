package dev.tidemark.api.functions;

import dev.tidemark.api.Configuration;
import java.io.Serializable;

/**
 * The base of rich functions written as Flink writes them: override {@link #open(OpenContext)}
 * (Flink 1.19 and 2.x) or {@link #open(Configuration)} (earlier Flink), and {@link #close()}, and
 * reach state and the instance's place through {@link #getRuntimeContext()}.
 *
 * <p>Tidemark calls {@link #open(RuntimeContext)}, which keeps the context and then calls
 * {@code open(OpenContext)}, which calls {@code open(Configuration)} unless overridden. A subclass
 * that overrides {@code open(RuntimeContext)} itself gets the context as its argument, and must
 * call {@code super.open(context)} if it also uses {@code getRuntimeContext()}.
 */
public abstract class AbstractRichFunction implements RichFunction, Serializable {

    private static final long serialVersionUID = 1L;

    private transient RuntimeContext runtimeContext;

    @Override
    public void open(RuntimeContext context) throws Exception {
        this.runtimeContext = context;
        open(OpenContext.DEFAULT);
    }

    /** Called before the first element, once the runtime context is set; calls {@link #open(Configuration)}. */
    public void open(OpenContext openContext) throws Exception {
        open(new Configuration());
    }

    /**
     * Called before the first element by {@link #open(OpenContext)}, with an empty configuration,
     * as Flink does.
     *
     * @deprecated as in Flink: override {@link #open(OpenContext)}
     */
    @Deprecated
    public void open(Configuration parameters) throws Exception {}

    @Override
    public void close() throws Exception {}

    /**
     * The context of the parallel instance running this function: its index, keyed state.
     *
     * @throws IllegalStateException before the function is opened
     */
    public RuntimeContext getRuntimeContext() {
        if (runtimeContext == null) {
            throw new IllegalStateException("the runtime context is set when the function is opened: function="
                    + getClass().getName());
        }
        return runtimeContext;
    }

    /** Sets the context; the runtime does this through {@link #open(RuntimeContext)}, tests may call it. */
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }
}
