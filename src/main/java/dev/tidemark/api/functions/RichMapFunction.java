package dev.tidemark.api.functions;

/**
 * A {@link MapFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code map}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichMapFunction<IN, OUT> extends AbstractRichFunction implements MapFunction<IN, OUT> {

    private static final long serialVersionUID = 1L;
}
