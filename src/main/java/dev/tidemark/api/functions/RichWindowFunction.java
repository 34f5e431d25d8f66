package dev.tidemark.api.functions;

import dev.tidemark.windowing.windows.Window;

/** A {@link WindowFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}). */
public abstract class RichWindowFunction<IN, OUT, KEY, W extends Window> extends AbstractRichFunction
        implements WindowFunction<IN, OUT, KEY, W> {

    private static final long serialVersionUID = 1L;
}
