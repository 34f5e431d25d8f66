package dev.tidemark.api.functions;

import dev.tidemark.windowing.windows.Window;

/** An {@link AllWindowFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}). */
public abstract class RichAllWindowFunction<IN, OUT, W extends Window> extends AbstractRichFunction
        implements AllWindowFunction<IN, OUT, W> {

    private static final long serialVersionUID = 1L;
}
