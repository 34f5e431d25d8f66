package dev.tidemark.windowing.assigners;

import java.time.Duration;
import java.util.Objects;

/** Processing-time session windows; see {@link SessionWindows}. */
public final class ProcessingTimeSessionWindows {

    private ProcessingTimeSessionWindows() {}

    public static <T> SessionWindows<T> withGap(Duration gap) {
        return new SessionWindows<>(WindowAssigner.positiveMillis(gap, "gap"), null, false);
    }

    public static <T> SessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new SessionWindows<>(0, Objects.requireNonNull(extractor, "gap extractor must not be null"), false);
    }
}
