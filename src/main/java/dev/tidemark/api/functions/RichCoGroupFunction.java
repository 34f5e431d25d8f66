package dev.tidemark.api.functions;

/** A {@link CoGroupFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}). */
public abstract class RichCoGroupFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CoGroupFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
