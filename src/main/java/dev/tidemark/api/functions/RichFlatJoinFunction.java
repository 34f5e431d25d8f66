package dev.tidemark.api.functions;

/** A {@link FlatJoinFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}). */
public abstract class RichFlatJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements FlatJoinFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
