package dev.tidemark.api.functions;

/** A {@link JoinFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}). */
public abstract class RichJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements JoinFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
