package dev.tidemark.api.functions;

/**
 * A {@link CoMapFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code map1 and map2}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichCoMapFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CoMapFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;
}
