package dev.tidemark.runtime.operators.join;

import dev.tidemark.runtime.operators.window.WindowOperatorSpec;
import dev.tidemark.windowing.windows.TimeWindow;
import java.io.Serializable;

/**
 * What a {@link WindowJoinOperator} is made of, copied together so that the copy's key selector and
 * aggregate read the copy's {@link CurrentSide}.
 *
 * @param spec windows over both inputs' elements, keyed and collected through {@code side}
 * @param side the side of the element being processed
 */
public record SidedWindows<K, OUT>(WindowOperatorSpec<K, Object, OUT, TimeWindow> spec, CurrentSide side)
        implements Serializable {}
