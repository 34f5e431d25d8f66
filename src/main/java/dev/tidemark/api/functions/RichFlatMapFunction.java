package dev.tidemark.api.functions;

/**
 * A {@link FlatMapFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code flatMap}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichFlatMapFunction<IN, OUT> extends AbstractRichFunction implements FlatMapFunction<IN, OUT> {

    private static final long serialVersionUID = 1L;
}
