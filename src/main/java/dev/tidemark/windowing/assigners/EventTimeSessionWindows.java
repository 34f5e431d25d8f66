package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.time.Time;
import java.time.Duration;
import java.util.Objects;

/** Event-time session windows; see {@link SessionWindows}. */
public final class EventTimeSessionWindows {

    private EventTimeSessionWindows() {}

    /** Sessions that close after {@code gap} without elements. */
    public static <T> SessionWindows<T> withGap(Duration gap) {
        return new SessionWindows<>(WindowAssigner.positiveMillis(gap, "gap"), null, true);
    }

    /** Sessions whose gap each element chooses; a gap that is not positive fails the job. */
    public static <T> SessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new SessionWindows<>(0, Objects.requireNonNull(extractor, "gap extractor must not be null"), true);
    }

    /** As {@link #withGap(Duration)}, with Flink 1.x's {@link Time}. */
    public static <T> SessionWindows<T> withGap(Time gap) {
        return withGap(Time.toDuration(gap, "gap"));
    }
}
