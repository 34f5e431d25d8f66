package dev.tidemark.api.functions;

/**
 * A {@link FilterFunction} with a lifecycle and a runtime context ({@link AbstractRichFunction}):
 * implement {@code filter}, and override {@code open}/{@code close} as needed.
 */
public abstract class RichFilterFunction<T> extends AbstractRichFunction implements FilterFunction<T> {

    private static final long serialVersionUID = 1L;
}
