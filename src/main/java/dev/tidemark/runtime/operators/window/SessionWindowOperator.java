package dev.tidemark.runtime.operators.window;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Arrays;

/**
 * Event-time session windows with the default trigger and no evictor, kept as one mutable
 * {@link Session} per open session in a {@link SessionTable} (its accumulator, or for a function that
 * sees every element the session's elements, {@link ElementsAccumulator}), with
 * its firing and cleanup timers in {@link SessionTimers}: an element costs one key lookup, and the
 * timers of a session that grows move in place. The general operator needs, per element, a
 * window-to-state-window map, accumulator state under a window that changes as the session grows,
 * and timers deleted and registered again in a queue shared with every other window.
 *
 * <p>Results are exactly those of {@link WindowOperator} with the same specification, in the same
 * order: windows that touch merge (the earliest session's accumulator absorbs the others', in the
 * order they start, before the element is added); a session fires when the watermark reaches its
 * end, and is cleaned up at its end plus the allowed lateness; an element that joins a session the
 * watermark has passed fires it again at once; timers due together fire in the order the general
 * operator would have registered them; an element whose new session would already be late is
 * dropped or diverted alike.
 *
 * <p>A snapshot holds what the general operator's would: each key's window map, the accumulators
 * as keyed state under (key, window), and their timers; either operator restores the other's.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class SessionWindowOperator<K, IN, OUT> extends ForwardingOperator<IN, OUT> {

    private final KeyedSupport<IN, K> keyed;
    private final ElementKey<K> elementKey; // of the element being processed
    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec;
    private final SessionWindows<IN> assigner;
    private final Accumulator<IN, Object> accumulator;
    private final InternalTimerService<K, TimeWindow> timers; // the watermark for functions; timers only in snapshots
    private final WindowFunctionRunner<K, Object, OUT, TimeWindow> function;
    private final OneResult<Object> result = new OneResult<>(); // what the function gets, refilled per firing
    private final Lateness<TimeWindow> lateness;
    private final SessionTable sessions;
    private final SessionTimers sessionTimers;
    private Session[] touched = new Session[4]; // the sessions one element touches, by start
    private final SessionSnapshots<K> snapshots;

    /** Whether {@code spec} is one this operator runs with the default operator's results. */
    public static boolean applies(WindowOperatorSpec<?, ?, ?, ?> spec) {
        return spec.assigner() instanceof SessionWindows<?> sessions && sessions.isEventTime()
                && spec.firesByEventTime();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public SessionWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        super(context, spec.function());
        if (!applies(spec)) {
            throw new IllegalArgumentException("session tables need event-time session windows, the default trigger"
                    + " and no evictor: " + spec.name());
        }
        this.spec = spec;
        this.assigner = (SessionWindows<IN>) spec.assigner();
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.elementKey = new ElementKey<>(keyed);
        this.sessions = new SessionTable(elementKey);
        this.sessionTimers = new SessionTimers(timerHorizon(assigner, spec.allowedLatenessMillis()));
        this.accumulator = Accumulator.of(spec);
        this.timers = keyed.timerService(new NoTimers<>("session tables"));
        this.function = WindowFunctionRunner.of(spec, output, keyed, timers);
        this.lateness = Lateness.of(spec, spec.allowedLatenessMillis(), true, context);
        this.snapshots = new SessionSnapshots<>(keyed.backend(), accumulator.state(), timers, lateness,
                context.config().getMaxParallelism());
    }

    /**
     * How far ahead of the watermark most timers lie: a fixed gap, and the allowed lateness for
     * cleanup timers unless it is long next to the gap (those timers then wait in a heap, and the
     * firing timers keep buckets fit for the gap). Unknown for a dynamic gap.
     */
    private static long timerHorizon(SessionWindows<?> assigner, long allowedLateness) {
        if (assigner.hasDynamicGap()) {
            return 0;
        }
        long gap = assigner.gapOf(null);
        return allowedLateness <= 3 * gap ? gap + allowedLateness : gap;
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }

    /** Its windows are in tables of its own: counting them as Flink's keyed state would mislead. */
    @Override
    public KeyedStateCounts keyedStateCounts() {
        return KeyedStateCounts.notKept(context.operatorName());
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        spec.requireTimestamp(value, timestamp);
        elementKey.read(keyed, value, timestamp);
        long end = TimeWindow.endOf(timestamp, assigner.gapOf(value));
        int count = 0;
        // latest first: the ones after a session that ends before the element all do too
        for (Session s = sessions.sessionsOfElement(end); s != null && s.end >= timestamp; s = s.next) {
            if (s.touches(timestamp, end)) {
                count = addByStart(s, count);
            }
        }
        if (count == 0) {
            long watermark = timers.currentWatermark();
            if (lateness.isWindowLate(end - 1, watermark)) {
                if (lateness.isElementLate(timestamp, watermark)) {
                    lateness.onLateElement(value, timestamp, watermark);
                }
                return;
            }
            Session opened = sessions.open(elementKey.boxed(), elementKey.hash(), timestamp, end, accumulator.first(value));
            afterElement(opened, timestamp, watermark, false); // a LongKeySelector's key is boxed once per session, here
            return;
        }
        // The merge cannot be late: every open session is before its cleanup, and merging only widens.
        Session session = count == 1 ? touched[0] : mergeTouched(count);
        boolean widened = count > 1 || !session.covers(timestamp, end);
        if (widened) {
            sessions.widen(session, Math.min(session.start, timestamp), Math.max(session.end, end));
        }
        Object acc = session.accumulator;
        Object updated = accumulator.add(value, acc);
        if (updated != acc) {
            session.accumulator = updated; // most aggregates change their accumulator in place: no store, no GC barrier
        }
        afterElement(session, timestamp, timers.currentWatermark(), widened);
    }

    /**
     * What the default trigger and the general operator do after an element joined {@code session}:
     * fire at once if the watermark has passed its end (a late element, within the allowed
     * lateness), otherwise keep its firing timer; then keep its cleanup timer. Without allowed
     * lateness the firing timer is the cleanup timer.
     *
     * @param widened whether the session's bounds changed: the general operator then deletes the old
     *     window's timers and registers the new window's, so they fire after all timers before them
     */
    private void afterElement(Session session, long timestamp, long watermark, boolean widened) throws Exception {
        long maxTimestamp = session.maxTimestamp();
        if (maxTimestamp <= watermark) {
            sessionTimers.delete(session, false);
            emit(session, timestamp);
        } else if (widened) {
            sessionTimers.registerAnew(session, false, maxTimestamp);
        } else {
            sessionTimers.register(session, false, maxTimestamp);
        }
        long cleanupTime = lateness.cleanupTime(maxTimestamp);
        if (cleanupTime == maxTimestamp || cleanupTime == Long.MAX_VALUE) {
            sessionTimers.delete(session, true); // the firing timer cleans up, or nothing does at the end of time
        } else if (widened) {
            sessionTimers.registerAnew(session, true, cleanupTime);
        } else {
            sessionTimers.register(session, true, cleanupTime);
        }
    }

    /** Inserts {@code session} into the first {@code count} touched sessions, kept by start; returns the new count. */
    private int addByStart(Session session, int count) {
        if (count == touched.length) {
            touched = Arrays.copyOf(touched, count * 2); // a dynamic gap can bridge many sessions
        }
        int at = count;
        while (at > 0 && touched[at - 1].start > session.start) {
            touched[at] = touched[at - 1];
            at--;
        }
        touched[at] = session;
        return count + 1;
    }

    /**
     * Merges the touched sessions into the one that starts first, as the general operator merges
     * state windows: its accumulator absorbs the others' in the order they start.
     */
    private Session mergeTouched(int count) throws Exception {
        Session target = touched[0];
        for (int i = 1; i < count; i++) {
            Session merged = touched[i];
            target.accumulator = accumulator.merge(target.accumulator, merged.accumulator);
            target.end = Math.max(target.end, merged.end);
            close(merged);
            touched[i] = null;
        }
        touched[0] = null;
        return target;
    }

    private void close(Session session) {
        sessionTimers.delete(session, false);
        sessionTimers.delete(session, true);
        sessions.close(session);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        long now = timers.currentWatermark();
        for (Session due = sessionTimers.due(now); due != null; due = sessionTimers.due(now)) {
            boolean cleanup = sessionTimers.dueIsCleanup();
            long time = sessionTimers.dueTime();
            sessionTimers.removeDue();
            if (!cleanup) {
                emit(due, time);
            }
            if (cleanup || lateness.cleanupTime(due.maxTimestamp()) == time) {
                close(due);
                if (function.clears()) {
                    keyed.setKey((K) due.key, time);
                    function.clear(due.window());
                }
            }
        }
        forwardWatermark(watermark);
    }

    /** Emits {@code session}'s result, with event time {@code time}. */
    @SuppressWarnings("unchecked")
    private void emit(Session session, long time) throws Exception {
        K key = (K) session.key;
        keyed.setKey(key, time);
        function.process(key, session.window(), accumulator.input(session.accumulator, result));
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        snapshots.whileInKeyedState(sessions, sessionTimers, () -> super.snapshotState(state));
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        PanedWindowOperator.refusePanes(keyed.backend());
        snapshots.readFromKeyedState(sessions, sessionTimers, timers.currentWatermark());
    }

    /** How many sessions, state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return sessions.size() + sessionTimers.size() + keyed.backend().totalEntries() + timers.numEventTimeTimers()
                + timers.numProcessingTimeTimers();
    }
}
