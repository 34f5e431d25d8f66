package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.windowing.assigners.MergingWindowAssigner;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The in-flight windows of each key for a merging assigner (sessions), kept as keyed state: each
 * window maps to the <em>state window</em> that holds its contents. When windows merge, the result
 * keeps the state window of one of them, so contents need to move only from the others.
 *
 * <p>Threading: the owning task's thread only.
 */
final class MergingWindows<K, W extends Window> {

    /** What the operator does when windows merge. */
    interface MergeFunction<W> {
        void merge(W mergeResult, Collection<W> mergedWindows, W stateWindowResult, Collection<W> mergedStateWindows)
                throws Exception;
    }

    /** The keyed state of each key's window → state window map: session tables snapshot theirs here too. */
    static final String STATE = "_window/merging-windows";

    private final HeapKeyedStateBackend<K> backend;
    private final StateTable<K, VoidNamespace, Map<W, W>> table;
    private final MergingWindowAssigner<?, W> assigner;
    /** Whether windows merge exactly when they intersect: our session assigners, not a user's. */
    private final boolean mergesIntersecting;

    MergingWindows(HeapKeyedStateBackend<K> backend, MergingWindowAssigner<?, W> assigner) {
        this.backend = backend;
        this.table = backend.table(STATE, MergingWindows.class);
        this.assigner = assigner;
        this.mergesIntersecting = assigner instanceof SessionWindows<?>;
    }

    /** The current key's window → state window mapping; empty if the key has none. */
    Map<W, W> mapping() {
        Map<W, W> mapping = table.get(backend.getCurrentKey(), backend.getCurrentKeyGroup(), VoidNamespace.INSTANCE);
        return mapping != null ? mapping : new HashMap<>();
    }

    /** Stores the mapping of the current key (removing it when empty, so finished keys leave nothing). */
    void persist(Map<W, W> mapping) {
        if (mapping.isEmpty()) {
            table.remove(backend.getCurrentKey(), backend.getCurrentKeyGroup(), VoidNamespace.INSTANCE);
        } else {
            table.put(backend.getCurrentKey(), backend.getCurrentKeyGroup(), VoidNamespace.INSTANCE, mapping);
        }
    }

    /**
     * Adds {@code newWindow}, merging it with the windows it overlaps.
     *
     * @return the window the new element belongs to: {@code newWindow} or the merge result containing it
     */
    W addWindow(Map<W, W> mapping, W newWindow, MergeFunction<W> mergeFunction) throws Exception {
        if (mergesIntersecting) {
            W window = addToSessions(mapping, newWindow, mergeFunction);
            if (window != null) {
                return window;
            }
        }
        List<W> windows = new ArrayList<>(mapping.keySet());
        windows.add(newWindow);
        List<Map.Entry<W, Collection<W>>> merges = new ArrayList<>();
        assigner.mergeWindows(windows, (toBeMerged, result) -> merges.add(Map.entry(result, toBeMerged)));

        W resultWindow = newWindow;
        boolean newWindowMerged = false;
        for (Map.Entry<W, Collection<W>> merge : merges) {
            W mergeResult = merge.getKey();
            Collection<W> mergedWindows = new LinkedHashSet<>(merge.getValue());
            if (mergedWindows.remove(newWindow)) {
                newWindowMerged = true;
                resultWindow = mergeResult;
            }
            W stateWindowResult = mapping.get(mergedWindows.iterator().next());
            List<W> mergedStateWindows = new ArrayList<>();
            for (W merged : mergedWindows) {
                W stateWindow = mapping.remove(merged);
                if (stateWindow != null && !stateWindow.equals(stateWindowResult)) {
                    mergedStateWindows.add(stateWindow);
                }
            }
            mapping.put(mergeResult, stateWindowResult);
            // an existing window that already covers the new one is not a merge
            if (!(mergedWindows.size() == 1 && mergedWindows.contains(mergeResult))) {
                mergeFunction.merge(mergeResult, mergedWindows, stateWindowResult, mergedStateWindows);
            }
        }
        if (!newWindowMerged && !mapping.containsKey(newWindow)) {
            mapping.put(newWindow, newWindow);
        }
        return resultWindow;
    }

    /**
     * The common case for sessions: the new window touches at most one of the key's sessions, which
     * it joins, extends, or (touching none) starts beside. The outcome is the general merge's,
     * without its collections. The extended session cannot reach another one, because the key's
     * sessions never touch each other (touching ones were merged).
     *
     * @return the window the element belongs to, or {@code null} if the new window touches several
     *     sessions (the general merge's case)
     */
    @SuppressWarnings("unchecked")
    private W addToSessions(Map<W, W> mapping, W newWindow, MergeFunction<W> mergeFunction) throws Exception {
        TimeWindow added = (TimeWindow) newWindow;
        Map.Entry<W, W> touched = null;
        for (Map.Entry<W, W> entry : mapping.entrySet()) {
            if (((TimeWindow) entry.getKey()).intersects(added)) {
                if (touched != null) {
                    return null;
                }
                touched = entry;
            }
        }
        if (touched == null) {
            mapping.put(newWindow, newWindow);
            return newWindow;
        }
        W session = touched.getKey();
        TimeWindow existing = (TimeWindow) session;
        if (existing.start() <= added.start() && existing.end() >= added.end()) {
            return session; // covered: nothing merges
        }
        W stateWindow = touched.getValue();
        W result = (W) existing.cover(added);
        mapping.remove(session);
        mapping.put(result, stateWindow);
        mergeFunction.merge(result, List.of(session), stateWindow, List.of());
        return result;
    }
}
