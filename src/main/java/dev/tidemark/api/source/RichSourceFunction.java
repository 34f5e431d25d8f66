package dev.tidemark.api.source;

import dev.tidemark.api.functions.AbstractRichFunction;

/**
 * A {@link SourceFunction} with a lifecycle and a runtime context: implement {@code run} and
 * {@code cancel}, and override {@code open}/{@code close} as needed. It runs as one instance.
 *
 * @param <T> the element type
 */
public abstract class RichSourceFunction<T> extends AbstractRichFunction implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;
}
