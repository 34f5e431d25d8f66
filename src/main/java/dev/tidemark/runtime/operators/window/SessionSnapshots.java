package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.SnapshotAction;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.state.KeyGroups;
import dev.tidemark.runtime.state.StateTable;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Moves open sessions and their timers into the keyed state and timers the general
 * {@link WindowOperator} keeps for sessions, for the length of a snapshot, and back out of them on
 * restore: each key's window → state window map, the accumulators under (key, state window), and
 * each session's firing and cleanup timers. So a savepoint restores across the two operators, both
 * ways.
 *
 * <p>Threading: the owning task's thread only.
 */
final class SessionSnapshots<K> {

    private final StateTable<K, VoidNamespace, Map<TimeWindow, TimeWindow>> windows;
    private final StateTable<K, TimeWindow, Object> accumulators;
    private final InternalTimerService<K, TimeWindow> timers;
    private final Lateness<TimeWindow> lateness;
    private final int maxParallelism;

    SessionSnapshots(HeapKeyedStateBackend<K> backend, ContentsState contents, InternalTimerService<K, TimeWindow> timers,
            Lateness<TimeWindow> lateness, int maxParallelism) {
        this.windows = backend.table(MergingWindows.STATE, MergingWindows.class);
        this.accumulators = backend.table(contents.name(), contents.kind());
        this.timers = timers;
        this.lateness = lateness;
        this.maxParallelism = maxParallelism;
    }

    /** One timer of a session, as the snapshot registers it. */
    private record Timer(Session session, long time, long registration) {}

    /**
     * Runs {@code snapshot} while every open session is also in keyed state and its timers in the
     * timer service; empties both again after. Timers go in in the order they fire, so sessions
     * that end together keep their order through a restore by either operator.
     */
    @SuppressWarnings("unchecked")
    void whileInKeyedState(SessionTable sessions, SessionTimers sessionTimers, SnapshotAction snapshot)
            throws Exception {
        Map<Session, TimeWindow> sessionWindows = new IdentityHashMap<>();
        sessions.forEach(session -> {
            K key = (K) session.key;
            int keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
            TimeWindow window = session.window();
            sessionWindows.put(session, window);
            Map<TimeWindow, TimeWindow> keyWindows = windows.get(key, keyGroup, VoidNamespace.INSTANCE);
            if (keyWindows == null) {
                keyWindows = new HashMap<>(); // the general operator changes it in place after a restore
                windows.put(key, keyGroup, VoidNamespace.INSTANCE, keyWindows);
            }
            keyWindows.put(window, window);
            accumulators.put(key, keyGroup, window, session.accumulator);
        });
        List<Timer> pending = new ArrayList<>(sessionTimers.size());
        sessionTimers.forEach((session, cleanup, time, registration) -> pending.add(new Timer(session, time, registration)));
        pending.sort((a, b) -> a.time() != b.time() ? Long.compare(a.time(), b.time())
                : Long.compare(a.registration(), b.registration()));
        for (Timer timer : pending) {
            timers.restoreTimer(true, (K) timer.session().key, sessionWindows.get(timer.session()), timer.time());
        }
        try {
            snapshot.take();
        } finally {
            windows.clear();
            accumulators.clear();
            for (Timer timer : pending) {
                timers.removeTimer(true, (K) timer.session().key, sessionWindows.get(timer.session()), timer.time());
            }
        }
    }

    /**
     * Opens a session for every session a restore brought into keyed state, and registers the
     * timers the restore brought, in their order; then empties that state and drops the restored
     * timers. A session without a restored timer (a custom trigger's, or another allowed
     * lateness's) gets the timers it would have had, and is dropped if the watermark passed its
     * cleanup time.
     */
    void readFromKeyedState(SessionTable sessions, SessionTimers sessionTimers, long watermark) {
        Map<Map.Entry<K, TimeWindow>, Session> opened = new HashMap<>();
        for (int group = 0; group < maxParallelism; group++) {
            int keyGroup = group;
            windows.forEach(group, (key, none, keyWindows) -> keyWindows.forEach((window, stateWindow) -> {
                Object acc = accumulators.get(key, keyGroup, stateWindow);
                if (acc != null) {
                    opened.put(Map.entry(key, window),
                            sessions.open(key, WindowTable.hash(key), window.start(), window.end(), acc));
                }
            }));
        }
        List<InternalTimer<K, TimeWindow>> restored = new ArrayList<>();
        timers.forEachTimer(true, restored::add);
        for (InternalTimer<K, TimeWindow> timer : restored) {
            Session session = opened.get(Map.entry(timer.key(), timer.namespace()));
            long maxTimestamp = timer.namespace().maxTimestamp();
            long cleanupTime = lateness.cleanupTime(maxTimestamp);
            if (session != null && (timer.timestamp() == maxTimestamp || timer.timestamp() == cleanupTime)) {
                sessionTimers.register(session, timer.timestamp() != maxTimestamp, timer.timestamp());
            }
        }
        List<Session> untimed = new ArrayList<>();
        opened.values().forEach(session -> {
            if (session.fireAt < 0 && session.cleanupAt < 0) {
                untimed.add(session);
            }
        });
        untimed.sort((a, b) -> Long.compare(a.end, b.end));
        for (Session session : untimed) {
            long cleanupTime = lateness.cleanupTime(session.maxTimestamp());
            if (session.maxTimestamp() > watermark) {
                sessionTimers.register(session, false, session.maxTimestamp());
            }
            if (cleanupTime > watermark && cleanupTime != session.maxTimestamp() && cleanupTime != Long.MAX_VALUE) {
                sessionTimers.register(session, true, cleanupTime);
            }
            if (session.fireAt < 0 && session.cleanupAt < 0 && cleanupTime <= watermark) {
                sessions.close(session);
            }
        }
        windows.clear();
        accumulators.clear();
        restored.forEach(timer -> timers.removeTimer(true, timer.key(), timer.namespace(), timer.timestamp()));
        List<InternalTimer<K, TimeWindow>> processingTime = new ArrayList<>();
        timers.forEachTimer(false, processingTime::add);
        processingTime.forEach(timer -> timers.removeTimer(false, timer.key(), timer.namespace(), timer.timestamp()));
    }
}
