package dev.tidemark.runtime.operators.window;

import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.runtime.timers.Triggerable;
import dev.tidemark.windowing.assigners.SessionWindows;
import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.Arrays;
import java.util.List;

/**
 * Event-time session windows with the default trigger, an eager reduce or aggregate and no allowed
 * lateness, kept as one mutable {@link Session} per open session in a {@link SessionTable}: an
 * element costs one key lookup, and a session that grows moves in the firing order in place. The
 * general operator needs, per element, a window-to-state-window map, accumulator state under a
 * window that changes as the session grows, and a timer deleted and registered again.
 *
 * <p>Results are exactly those of {@link WindowOperator} with the same specification, in the same
 * order: windows that touch merge (the earliest session's accumulator absorbs the others', in the
 * order they start, before the element is added); a session fires when the watermark reaches its
 * end, sessions that end together in the order their bounds were last set (the order in which the
 * general operator registers their timers); an element whose new session would already be late is
 * dropped or diverted alike.
 *
 * <p>A snapshot holds what the general operator's would: each key's window map, the accumulators
 * as keyed state under (key, window), and their timers; either operator restores the other's.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class SessionWindowOperator<K, IN, OUT> extends ForwardingOperator<IN, OUT>
        implements Triggerable<K, TimeWindow> {

    private final KeyedSupport<IN, K> keyed;
    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec;
    private final SessionWindows<IN> assigner;
    private final Accumulator<IN, Object> accumulator;
    private final InternalTimerService<K, TimeWindow> timers; // the watermark for functions; timers only in snapshots
    private final WindowFunctionRunner<K, Object, OUT, TimeWindow> function;
    private final Lateness<TimeWindow> lateness;
    private final SessionTable sessions = new SessionTable();
    private Session[] touched = new Session[4]; // the sessions one element touches, by start
    private final SessionSnapshots<K> snapshots;

    /** Whether {@code spec} is one this operator runs with the default operator's results. */
    public static boolean applies(WindowOperatorSpec<?, ?, ?, ?> spec) {
        return spec.assigner() instanceof SessionWindows<?> sessions && sessions.isEventTime()
                && spec.trigger() instanceof EventTimeTrigger && spec.evictor() == null
                && (spec.reduce() != null || spec.aggregate() != null) && spec.allowedLatenessMillis() == 0;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public SessionWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        super(context, spec.function());
        if (!applies(spec)) {
            throw new IllegalArgumentException("session tables need event-time session windows, the default trigger,"
                    + " no evictor, an eager reduce or aggregate and no allowed lateness: " + spec.name());
        }
        this.spec = spec;
        this.assigner = (SessionWindows<IN>) spec.assigner();
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.accumulator = spec.reduce() != null ? (Accumulator) Accumulator.reducing(spec.reduce())
                : (Accumulator) Accumulator.aggregating(spec.aggregate());
        this.timers = keyed.timerService(this);
        this.function = WindowFunctionRunner.of(spec, output, keyed, timers);
        this.lateness = Lateness.of(spec, 0, true, context);
        this.snapshots = new SessionSnapshots<>(keyed.backend(), timers, context.config().getMaxParallelism());
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }

    @Override
    public void processElement(IN value, long timestamp) throws Exception {
        spec.requireTimestamp(value, timestamp);
        K key = keyed.keyOf(value, timestamp);
        long end = TimeWindow.endOf(timestamp, assigner.gapOf(value));
        int hash = WindowTable.hash(key);
        int count = 0;
        // latest first: the ones after a session that ends before the element all do too
        for (Session s = sessions.sessionsOf(key, hash); s != null && s.end >= timestamp; s = s.next) {
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
            sessions.open(key, hash, timestamp, end, accumulator.first(value));
            return;
        }
        // The merge cannot be late: every open session ends after the watermark, and merging only widens.
        Session session = count == 1 ? touched[0] : mergeTouched(count);
        if (!session.covers(timestamp, end)) {
            sessions.extend(session, Math.min(session.start, timestamp), Math.max(session.end, end));
        }
        Object acc = session.accumulator;
        Object updated = accumulator.add(value, acc);
        if (updated != acc) {
            session.accumulator = updated; // most aggregates change their accumulator in place: no store, no GC barrier
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
        long end = target.end;
        for (int i = 1; i < count; i++) {
            Session merged = touched[i];
            target.accumulator = accumulator.merge(target.accumulator, merged.accumulator);
            end = Math.max(end, merged.end);
            sessions.remove(merged);
            touched[i] = null;
        }
        touched[0] = null;
        sessions.extend(target, target.start, end);
        return target;
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        long now = timers.currentWatermark();
        for (Session due = sessions.due(now); due != null; due = sessions.due(now)) {
            sessions.remove(due);
            fire(due);
        }
        forwardWatermark(watermark);
    }

    /** Emits {@code session}'s result and cleans it up: with no allowed lateness, one timer does both. */
    @SuppressWarnings("unchecked")
    private void fire(Session session) throws Exception {
        K key = (K) session.key;
        TimeWindow window = session.window();
        keyed.setKey(key, window.maxTimestamp());
        function.process(key, window, List.of(accumulator.result(session.accumulator)));
        if (function.clears()) {
            function.clear(window);
        }
    }

    @Override
    public void onEventTime(InternalTimer<K, TimeWindow> timer) {
        throw new IllegalStateException("session tables register no timers: timer=" + timer);
    }

    @Override
    public void onProcessingTime(InternalTimer<K, TimeWindow> timer) {
        throw new IllegalStateException("session tables register no timers: timer=" + timer);
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        snapshots.whileInKeyedState(sessions, () -> super.snapshotState(state));
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        PanedWindowOperator.refusePanes(keyed.backend());
        snapshots.readFromKeyedState(sessions, timers.currentWatermark());
    }

    /** How many sessions, state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return sessions.size() + keyed.backend().totalEntries() + timers.numEventTimeTimers()
                + timers.numProcessingTimeTimers();
    }
}
