package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the panes a paned snapshot holds into the per-window accumulators of a program that keeps
 * windows: each window that has not fired gets the merge of its panes, in the order they start (for
 * a {@link ReduceOnPanes}, the result of that merge, which is what the reduce keeps; for a function
 * of every element, the list of the window's elements in arrival order).
 * That is exact because panes were only ever kept for an aggregate whose merge is (the promise of
 * {@code sharePanes()} or {@code mergesExactly()}). So a program that adds a trigger or allowed
 * lateness to sliding windows that shared panes restores its savepoint.
 */
final class PanesIntoWindows {

    private PanesIntoWindows() {}

    /**
     * Converts the panes a restore brought, if any, into accumulators under (key, window) in the
     * state {@link AccumulatingContents} keeps, and empties the panes.
     *
     * @return the (key, window) pairs made, by window end, for an operator that needs their timers
     * @throws IllegalStateException if {@code spec} cannot take panes: it does not aggregate with
     *     {@code aggregate(...)} over tumbling or sliding event-time windows made of whole panes
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static <K> List<Map.Entry<K, TimeWindow>> convert(HeapKeyedStateBackend<K> backend,
            WindowOperatorSpec<K, ?, ?, ?> spec, long watermark, int maxParallelism) {
        if (backend.entriesOf(PanedWindowOperator.STATE) == 0) {
            return List.of();
        }
        AggregateFunction<Object, Object, ?> aggregate = panesAggregate(spec);
        if (aggregate == null || spec.evictor() != null || !(spec.assigner() instanceof SlidingEventTimeWindows
                || spec.assigner() instanceof TumblingEventTimeWindows)) {
            throw refused(backend, "a program without panes restores them only with aggregate(...) (or the sum, min"
                    + " or max of a field, or a function of every element), no evictor, and tumbling or sliding"
                    + " event-time windows");
        }
        WindowAssigner<Object, TimeWindow> assigner = (WindowAssigner<Object, TimeWindow>) spec.assigner();
        StateTable<K, TimeWindow, Object> panes = backend.table(PanedWindowOperator.STATE, PanedWindowOperator.class);
        Map<Map.Entry<K, TimeWindow>, List<TimeWindow>> panesOfWindow = new HashMap<>();
        Map<Map.Entry<K, TimeWindow>, Object> paneAccumulators = new HashMap<>();
        for (int group = 0; group < maxParallelism; group++) {
            panes.forEach(group, (key, pane, acc) -> {
                ElementsOnPanes.requireSameKind(acc, spec.keepsElements(), backend.operatorName());
                paneAccumulators.put(Map.entry(key, pane), acc);
                assigner.assignWindows(null, pane.start(), null, window -> {
                    if (window.start() > pane.start() || window.end() < pane.end()) {
                        throw refused(backend, "window " + window + " does not hold pane " + pane + " whole");
                    }
                    if (window.maxTimestamp() > watermark) {
                        panesOfWindow.computeIfAbsent(Map.entry(key, window), w -> new ArrayList<>()).add(pane);
                    }
                });
            });
        }
        ContentsState contents = spec.keepsElements() ? ContentsState.ELEMENTS : ContentsState.ACCUMULATORS;
        StateTable<K, TimeWindow, Object> accumulators = backend.table(contents.name(), contents.kind());
        List<Map.Entry<K, TimeWindow>> windows = new ArrayList<>(panesOfWindow.keySet());
        windows.sort(Comparator.comparingLong(entry -> entry.getValue().end()));
        for (Map.Entry<K, TimeWindow> window : windows) {
            List<TimeWindow> itsPanes = panesOfWindow.get(window);
            itsPanes.sort(Comparator.comparingLong(TimeWindow::start));
            Object acc = aggregate.createAccumulator();
            for (TimeWindow pane : itsPanes) {
                acc = aggregate.merge(acc, paneAccumulators.get(Map.entry(window.getKey(), pane)));
            }
            K key = window.getKey();
            Object kept = spec.reduce() != null ? aggregate.getResult(acc) // a reduce keeps its result
                    : spec.keepsElements() ? new ArrayList<>((List<?>) aggregate.getResult(acc)) : acc;
            accumulators.put(key, KeyGroups.assignToKeyGroup(key, maxParallelism), window.getValue(), kept);
        }
        panes.clear();
        return windows;
    }

    /** The aggregate the panes were kept with: the spec's, or its reduce's on panes; {@code null} if neither. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static AggregateFunction<Object, Object, ?> panesAggregate(WindowOperatorSpec<?, ?, ?, ?> spec) {
        if (spec.aggregate() != null) {
            return (AggregateFunction) spec.aggregate();
        }
        if (spec.keepsElements()) {
            return (AggregateFunction) new ElementsOnPanes<>();
        }
        return spec.reduce() instanceof ReduceOnPanes<?> onPanes ? (AggregateFunction) onPanes.onPanes() : null; // null if it cannot
    }

    private static IllegalStateException refused(HeapKeyedStateBackend<?> backend, String why) {
        return new IllegalStateException("cannot restore operator '" + backend.operatorName() + "': the snapshot holds"
                + " accumulators per pane (sharePanes(), or an aggregate whose mergesExactly()), and " + why);
    }
}
