package dev.tidemark.api.sink;

import dev.tidemark.api.functions.AbstractRichFunction;

/**
 * A {@link SinkFunction} with a lifecycle and a runtime context: implement {@code invoke}, and
 * override {@code open}/{@code close} as needed.
 *
 * @param <IN> the element type
 */
public abstract class RichSinkFunction<IN> extends AbstractRichFunction implements SinkFunction<IN> {

    private static final long serialVersionUID = 1L;
}
