package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Moves a {@link SessionTable} into the keyed state and timers the general {@link WindowOperator}
 * keeps for sessions, for the length of a snapshot, and back out of them on restore: each key's
 * window → state window map, the accumulators under (key, state window), and a firing timer per
 * session. So a savepoint restores across the two operators, both ways.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionSnapshots<K> {

    private static final Comparator<Session> FIRING_ORDER =
            Comparator.<Session>comparingLong(s -> s.end).thenComparingLong(s -> s.registered);

    private final StateTable<K, VoidNamespace, Map<TimeWindow, TimeWindow>> windows;
    private final StateTable<K, TimeWindow, Object> accumulators;
    private final InternalTimerService<K, TimeWindow> timers;
    private final int maxParallelism;

    SessionSnapshots(HeapKeyedStateBackend<K> backend, InternalTimerService<K, TimeWindow> timers, int maxParallelism) {
        this.windows = backend.table(MergingWindows.STATE, MergingWindows.class);
        this.accumulators = backend.table(AccumulatingContents.STATE, AccumulatingContents.class);
        this.timers = timers;
        this.maxParallelism = maxParallelism;
    }

    /**
     * Runs {@code snapshot} while every open session is also in keyed state and has its timer;
     * empties both again after. Timers go in in firing order, so sessions that end together keep
     * their order through a restore by either operator.
     */
    @SuppressWarnings("unchecked")
    void whileInKeyedState(SessionTable sessions, WindowTables.Snapshot snapshot) throws Exception {
        List<Session> open = new ArrayList<>(sessions.size());
        sessions.forEach(open::add);
        open.sort(FIRING_ORDER);
        TimeWindow[] sessionWindows = new TimeWindow[open.size()];
        for (int i = 0; i < open.size(); i++) {
            Session session = open.get(i);
            K key = (K) session.key;
            int keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
            TimeWindow window = session.window();
            sessionWindows[i] = window;
            Map<TimeWindow, TimeWindow> keyWindows = windows.get(key, keyGroup, VoidNamespace.INSTANCE);
            if (keyWindows == null) {
                keyWindows = new HashMap<>(); // the general operator changes it in place after a restore
                windows.put(key, keyGroup, VoidNamespace.INSTANCE, keyWindows);
            }
            keyWindows.put(window, window);
            accumulators.put(key, keyGroup, window, session.accumulator);
            timers.restoreTimer(true, key, window, window.maxTimestamp());
        }
        try {
            snapshot.take();
        } finally {
            windows.clear();
            accumulators.clear();
            for (int i = 0; i < open.size(); i++) {
                timers.removeTimer(true, (K) open.get(i).key, sessionWindows[i], sessionWindows[i].maxTimestamp());
            }
        }
    }

    /**
     * Opens a session for every session a restore brought into keyed state, then empties that
     * state and drops the restored timers, which the table implies. Sessions open in the order of
     * their firing timers; a session without one (a custom trigger's) opens after them if it has not
     * ended, and is dropped if the watermark passed its end (it fired, and only awaited cleanup).
     */
    void readFromKeyedState(SessionTable sessions, long watermark) {
        List<InternalTimer<K, TimeWindow>> restored = new ArrayList<>();
        timers.forEachTimer(true, restored::add);
        for (InternalTimer<K, TimeWindow> timer : restored) {
            if (timer.timestamp() == timer.namespace().maxTimestamp()) {
                open(sessions, timer.key(), timer.namespace());
            }
        }
        List<Map.Entry<K, TimeWindow>> unfired = new ArrayList<>();
        for (int group = 0; group < maxParallelism; group++) {
            windows.forEach(group, (key, none, keyWindows) -> keyWindows.keySet().forEach(window -> {
                if (window.maxTimestamp() > watermark) {
                    unfired.add(Map.entry(key, window));
                }
            }));
        }
        unfired.sort(Comparator.comparingLong(entry -> entry.getValue().end()));
        unfired.forEach(entry -> open(sessions, entry.getKey(), entry.getValue()));
        windows.clear();
        accumulators.clear();
        restored.forEach(timer -> timers.removeTimer(true, timer.key(), timer.namespace(), timer.timestamp()));
        List<InternalTimer<K, TimeWindow>> processingTime = new ArrayList<>();
        timers.forEachTimer(false, processingTime::add);
        processingTime.forEach(timer -> timers.removeTimer(false, timer.key(), timer.namespace(), timer.timestamp()));
    }

    /** Opens the restored session {@code window} of {@code key}, once, if it has contents. */
    private void open(SessionTable sessions, K key, TimeWindow window) {
        int keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
        Map<TimeWindow, TimeWindow> keyWindows = windows.get(key, keyGroup, VoidNamespace.INSTANCE);
        TimeWindow stateWindow = keyWindows == null ? null : keyWindows.remove(window);
        Object acc = stateWindow == null ? null : accumulators.get(key, keyGroup, stateWindow);
        if (acc != null) {
            sessions.open(key, WindowTable.hash(key), window.start(), window.end(), acc);
        }
    }
}
