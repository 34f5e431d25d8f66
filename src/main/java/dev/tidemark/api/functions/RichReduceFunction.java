package dev.tidemark.api.functions;

/**
 * A {@link ReduceFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code reduce}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichReduceFunction<T> extends AbstractRichFunction implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;
}
