package dev.tidemark.api.functions;

/**
 * A {@link CoFlatMapFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code flatMap1 and flatMap2}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichCoFlatMapFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CoFlatMapFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
