package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.windowing.assigners.MergingWindowAssigner;
import dev.tidemark.windowing.assigners.WindowAssigner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

/**
 * A Tidemark window assigner that Flink has no equivalent for (calendar windows, a program's own
 * assigner) running inside Flink's window operator: it places each element into time windows of
 * the bounds it chooses, and its default trigger runs as Tidemark's. Its windows must be time
 * windows, which is what Flink's window operator keeps state and timers for here.
 */
class HostedWindows extends org.apache.flink.streaming.api.windowing.assigners.WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    final WindowAssigner<Object, dev.tidemark.windowing.windows.Window> assigner;
    final String operator;
    private transient ProcessingTime context;

    @SuppressWarnings("unchecked")
    HostedWindows(WindowAssigner<?, ?> assigner, String operator) {
        this.assigner = (WindowAssigner<Object, dev.tidemark.windowing.windows.Window>) assigner;
        this.operator = operator;
    }

    /** The hosted form of {@code assigner}: merging if it merges. */
    static org.apache.flink.streaming.api.windowing.assigners.WindowAssigner<Object, TimeWindow> of(
            WindowAssigner<?, ?> assigner, String operator) {
        return assigner instanceof MergingWindowAssigner<?, ?> ? new Merging(assigner, operator)
                : new HostedWindows(assigner, operator);
    }

    /** Flink keeps the returned windows, so the list is fresh per element; the context is made once. */
    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext flink) {
        if (context == null) {
            context = new ProcessingTime();
        }
        context.flink = flink;
        List<TimeWindow> windows = new ArrayList<>(2);
        try {
            assigner.assignWindows(element, timestamp, context, window -> windows.add(flink(window)));
        } catch (RuntimeException e) {
            throw OperatorException.tag(operator, e);
        }
        return windows;
    }

    TimeWindow flink(dev.tidemark.windowing.windows.Window window) {
        if (window instanceof dev.tidemark.windowing.windows.TimeWindow time) {
            return new TimeWindow(time.getStart(), time.getEnd());
        }
        throw OperatorException.tag(operator, new IllegalStateException("the Flink runner hosts window assigners"
                + " whose windows are time windows; " + assigner.getClass().getName() + " assigned "
                + window.getClass().getName()));
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return (Trigger) new WindowAdapters.Trigger<>(assigner.getDefaultTrigger(), operator);
    }

    /** Flink 1.20's form of {@link #getDefaultTrigger()}, which Flink 2.x removed. */
    public Trigger<Object, TimeWindow> getDefaultTrigger(StreamExecutionEnvironment env) {
        return getDefaultTrigger();
    }

    @Override
    public TypeSerializer<TimeWindow> getWindowSerializer(ExecutionConfig config) {
        return new TimeWindow.Serializer();
    }

    @Override
    public boolean isEventTime() {
        return assigner.isEventTime();
    }

    @Override
    public String toString() {
        return assigner.toString();
    }

    /** The processing time Flink's context tells, as Tidemark's assigners ask for it. */
    private static final class ProcessingTime implements WindowAssigner.Context {
        WindowAssignerContext flink;

        @Override
        public long getCurrentProcessingTime() {
            return flink.getCurrentProcessingTime();
        }
    }

    /** A merging assigner: Flink's operator asks it which of a key's windows merge. */
    static final class Merging extends org.apache.flink.streaming.api.windowing.assigners.MergingWindowAssigner<Object, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private final HostedWindows hosted;

        Merging(WindowAssigner<?, ?> assigner, String operator) {
            this.hosted = new HostedWindows(assigner, operator);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
            List<dev.tidemark.windowing.windows.Window> tidemark = new ArrayList<>(windows.size());
            for (TimeWindow window : windows) {
                tidemark.add(WindowAdapters.window(window));
            }
            ((MergingWindowAssigner<Object, dev.tidemark.windowing.windows.Window>) hosted.assigner).mergeWindows(tidemark,
                    (toBeMerged, mergeResult) -> {
                        List<TimeWindow> merged = new ArrayList<>(toBeMerged.size());
                        for (dev.tidemark.windowing.windows.Window window : toBeMerged) {
                            merged.add(hosted.flink(window));
                        }
                        callback.merge(merged, hosted.flink(mergeResult));
                    });
        }

        @Override
        public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
            return hosted.assignWindows(element, timestamp, context);
        }

        @Override
        public Trigger<Object, TimeWindow> getDefaultTrigger() {
            return hosted.getDefaultTrigger();
        }

        /** Flink 1.20's form of {@link #getDefaultTrigger()}, which Flink 2.x removed. */
        public Trigger<Object, TimeWindow> getDefaultTrigger(StreamExecutionEnvironment env) {
            return hosted.getDefaultTrigger();
        }

        @Override
        public TypeSerializer<TimeWindow> getWindowSerializer(ExecutionConfig config) {
            return hosted.getWindowSerializer(config);
        }

        @Override
        public boolean isEventTime() {
            return hosted.isEventTime();
        }

        @Override
        public String toString() {
            return hosted.toString();
        }
    }
}
