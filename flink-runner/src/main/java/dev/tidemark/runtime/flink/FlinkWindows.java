package dev.tidemark.runtime.flink;

import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.SlidingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import java.time.Duration;

/**
 * Flink's own window assigner for each of Tidemark's that has one, with the same size, slide,
 * offset or gap: Flink's window operator then places and fires windows as Tidemark's does, by
 * construction. Tidemark's calendar windows and custom assigners have none: they run hosted.
 */
final class FlinkWindows {

    private FlinkWindows() {}

    /**
     * Flink's assigner for {@code assigner}, or, where Flink has none, {@code assigner} hosted in
     * Flink's window operator ({@link HostedWindows}).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static org.apache.flink.streaming.api.windowing.assigners.WindowAssigner<Object, ?> of(WindowAssigner<?, ?> assigner,
            String operator) {
        if (assigner instanceof TumblingEventTimeWindows t) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner)
                    org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(
                            millis(t.getSize()), millis(t.getOffset()));
        }
        if (assigner instanceof SlidingEventTimeWindows s) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner)
                    org.apache.flink.streaming.api.windowing.assigners.SlidingEventTimeWindows.of(
                            millis(s.getSize()), millis(s.getSlide()), millis(s.getOffset()));
        }
        if (assigner instanceof TumblingProcessingTimeWindows t) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner)
                    org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows.of(
                            millis(t.getSize()), millis(t.getOffset()));
        }
        if (assigner instanceof SlidingProcessingTimeWindows s) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner)
                    org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows.of(
                            millis(s.getSize()), millis(s.getSlide()), millis(s.getOffset()));
        }
        if (assigner instanceof SessionWindows<?> session) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner) sessions((SessionWindows<Object>) session);
        }
        if (assigner instanceof GlobalWindows) {
            return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner)
                    org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create();
        }
        return (org.apache.flink.streaming.api.windowing.assigners.WindowAssigner) HostedWindows.of(assigner, operator);
    }

    private static org.apache.flink.streaming.api.windowing.assigners.WindowAssigner<Object, ?> sessions(
            SessionWindows<Object> session) {
        if (session.isEventTime()) {
            return session.hasDynamicGap()
                    ? org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows.withDynamicGap(session::gapOf)
                    : org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows.withGap(
                            millis(session.gapOf(null)));
        }
        return session.hasDynamicGap()
                ? org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows.withDynamicGap(session::gapOf)
                : org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows.withGap(
                        millis(session.gapOf(null)));
    }

    private static Duration millis(long millis) {
        return Duration.ofMillis(millis);
    }
}
