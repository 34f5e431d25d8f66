package dev.tidemark.runtime.operators.window;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.state.HeapKeyedStateBackend;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.BitSet;

/**
 * Sliding event-time windows aggregated by panes: each element is added to the accumulator of its
 * key in its pane (the slide-long interval it falls in) instead of one per window, and a window that
 * fires merges, per key, the accumulators of its {@code size / slide} panes. An element costs one
 * lookup and one {@code add}, not {@code size / slide} of each, which is what the user opts into with
 * {@code WindowedStream.sharePanes()}: {@code AggregateFunction.merge} must be correct. A window
 * function that sees every element, without an aggregate, keeps each key's elements per pane
 * ({@link ElementsOnPanes}): each element once, and each window gets its elements in arrival order.
 *
 * <p>Panes are aligned like the windows, so they are kept pane first, as {@link AlignedWindowOperator}
 * keeps windows: one {@link WindowTable} per pane with every key's accumulator, and no timer per key.
 *
 * <p>Results are those of {@link WindowOperator} with the default trigger and no allowed lateness,
 * in the same order: a window fires once, when the watermark passes its end, for each key with
 * elements in it, in the order the keys first reached the window (in any of its panes); an element
 * whose windows have all fired is late. A pane is dropped when the window that starts with it fires.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class PanedWindowOperator<K, IN, ACC, OUT> extends ForwardingOperator<IN, OUT> {

    /** The keyed state panes are snapshotted in, by (key, pane). */
    static final String STATE = "_window/panes";

    /**
     * Fails the restore, by session windows, of a snapshot that holds panes, rather than drop them.
     * (Windows without panes convert them: {@link PanesIntoWindows}.)
     */
    static void refusePanes(HeapKeyedStateBackend<?> backend) {
        TablesInKeyedState.refuseRestored(backend, STATE, "accumulators per pane (sharePanes(), or an aggregate whose"
                + " mergesExactly()), which session windows cannot restore");
    }

    private final KeyedSupport<IN, K> keyed;
    private final ElementKey<K> elementKey; // of the element being processed
    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec;
    private final AggregateFunction<IN, ACC, ?> aggregate;
    private final Accumulator<IN, Object> accumulator; // the aggregate, as a pane's element adds to it
    private final InternalTimerService<K, TimeWindow> timers; // none registered: it keeps the watermark for functions
    private final WindowFunctionRunner<K, Object, OUT, TimeWindow> function;
    private final OneResult<Object> result = new OneResult<>(); // what the function gets, refilled per firing
    private final Lateness<TimeWindow> lateness;
    private final WindowTables<K> panes;
    private final long size;
    private final long slide;
    private final long offset;
    private final PeriodStarts paneStarts;
    private WindowTable spareMerged; // the last firing's merged table, whose arrays the next firing reuses
    private int lastWindowKeys; // how many keys the last window that fired held: the next merge is sized for them
    private final BitSet borrowed = new BitSet(); // positions of the firing's merged table that hold a pane's accumulator
    private boolean mutableResults; // a result of a type that can change has come: no pane's accumulator is handed out
    private final boolean resultsAreTheirOwn; // no one changes a result, or it shares no state with its accumulator
    private final boolean resultIsInput; // the result is the window's elements, not one value: the function's input

    @SuppressWarnings({"unchecked", "rawtypes"})
    public PanedWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        super(context, spec.function());
        this.spec = spec;
        SlidingEventTimeWindows assigner = (SlidingEventTimeWindows) spec.assigner();
        this.size = assigner.getSize();
        this.slide = assigner.getSlide();
        this.offset = assigner.getOffset();
        this.paneStarts = new PeriodStarts(offset, slide);
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.elementKey = new ElementKey<>(keyed);
        this.aggregate = spec.keepsElements() ? (AggregateFunction) new ElementsOnPanes<IN>()
                : (AggregateFunction<IN, ACC, ?>) spec.aggregate();
        this.resultIsInput = spec.keepsElements();
        this.accumulator = (Accumulator) Accumulator.aggregating(aggregate);
        this.resultsAreTheirOwn = aggregate instanceof ReduceOnPanes.Aggregate<?> || aggregate instanceof ReadOnlyResults;
        this.timers = keyed.timerService(new NoTimers<>("paned windows"));
        this.function = WindowFunctionRunner.of(spec, output, keyed, timers);
        this.lateness = Lateness.of(spec, 0, true, context);
        this.panes = new WindowTables<>(keyed.backend(), slide, new ContentsState(STATE, PanedWindowOperator.class),
                context.config().getMaxParallelism(), elementKey);
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
        long back = paneStarts.positionOf(timestamp);
        long watermark = timers.currentWatermark();
        if (TimeWindow.endAfter(timestamp, size - back) - 1 <= watermark) {
            lateness.onLateElement(value, timestamp, watermark); // every window of the element has fired
            return;
        }
        if (timestamp < Long.MIN_VALUE + size) {
            refuseClipped(timestamp, back);
        }
        panes.accumulate(panes.table(TimeWindow.startBefore(timestamp, back), TimeWindow.endAfter(timestamp, slide - back),
                Long.MIN_VALUE), value, accumulator);
    }

    /**
     * Panes build windows that start on the time line; an element whose earliest window starts before
     * {@code Long.MIN_VALUE} fails the job rather than count in a window of the wrong length.
     */
    private void refuseClipped(long timestamp, long back) {
        long earliestBack = back + (size - 1 - back) / slide * slide;
        if (timestamp < Long.MIN_VALUE + earliestBack) {
            throw new IllegalArgumentException("element timestamp must leave room for its windows before it: timestamp="
                    + timestamp + ", window size=" + size + "ms; windows shared by panes (sharePanes(), or an aggregate"
                    + " whose mergesExactly()) cannot start before Long.MIN_VALUE, per-window aggregation clips them");
        }
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        long previous = timers.currentWatermark();
        keyed.advanceWatermark(timers, watermark);
        fireWindows(firstWindowEndingAfter(previous), timers.currentWatermark());
        forwardWatermark(watermark);
    }

    /**
     * Fires, in order, every window from {@code from} on that ends by {@code watermark} and holds a
     * pane. Each fired window starts with the first pane left: the panes before it were dropped when
     * the windows that start with them fired.
     */
    private void fireWindows(long from, long watermark) throws Exception {
        while (panes.count() > 0) {
            long firstPane = panes.get(0).window().start();
            long start = Math.max(firstPane < Long.MIN_VALUE + size ? Long.MIN_VALUE : firstPane - size + slide, from);
            long maxTimestamp = TimeWindow.endOf(start, size) - 1;
            if (maxTimestamp > watermark) {
                return;
            }
            fire(new TimeWindow(start, maxTimestamp + 1), maxTimestamp);
            if (start > Long.MAX_VALUE - slide) {
                while (panes.count() > 0) {
                    panes.removeFirst(); // the last window of time fired: nothing is left to fire
                }
                return;
            }
            from = start + slide;
            while (panes.count() > 0 && panes.get(0).window().start() < from) {
                panes.removeFirst(); // no window still to fire covers it
            }
        }
    }

    /** The start of the first window that ends after {@code watermark}: every window before it has fired. */
    private long firstWindowEndingAfter(long watermark) {
        long earliest = watermark - size + 2; // a window starting here has its last timestamp at watermark + 1
        if (watermark == Long.MIN_VALUE || earliest > watermark) {
            return Long.MIN_VALUE; // no watermark yet, or one so early that no window has ended
        }
        long start = TimeWindow.getWindowStartWithOffset(earliest, offset, slide);
        return start < earliest ? start + slide : start;
    }

    /**
     * Merges the window's panes per key, then emits per key in the order the keys first reached the
     * window. A key in one pane of the window (at one event per key and window, nearly all of them)
     * is emitted from that pane's accumulator, without a fresh accumulator merged with it: an exact
     * merge makes both give the same result. Only where the result is of a type no one can change,
     * though, since the pane's accumulator is read again by the next windows; otherwise it is merged
     * as any other.
     */
    @SuppressWarnings("unchecked")
    private void fire(TimeWindow window, long time) throws Exception {
        WindowTable merged = spareMerged != null && spareMerged.reusableFor(panes.longKeys())
                ? spareMerged.reuse(window) : new WindowTable(window, lastWindowKeys, panes.longKeys());
        spareMerged = merged; // emptied and reused by the next firing
        borrowed.clear();
        for (int p = 0; p < panes.count() && panes.get(p).window().start() < window.end(); p++) {
            WindowTable pane = panes.get(p);
            for (int i = 0; i < pane.size(); i++) {
                int hash = pane.hashAt(i);
                int position = merged.findKeyOf(pane, i, hash);
                if (position < 0) {
                    pane.keyAt(i); // the key's box, kept in the pane for each window that fires with it
                    position = merged.addKeyOf(pane, i, hash, pane.valueAt(i), pane.arrivalAt(i));
                    borrowed.set(position);
                    continue;
                }
                if (pane.arrivalAt(i) < merged.arrivalAt(position)) {
                    merged.setArrivalAt(position, pane.arrivalAt(i));
                }
                merged.setValueAt(position, aggregate.merge(owned(merged, position), (ACC) pane.valueAt(i)));
            }
        }
        lastWindowKeys = merged.size();
        boolean clears = function.clears();
        for (int position : merged.arrivalOrder()) {
            K key = (K) merged.keyAt(position);
            keyed.setKey(key, time);
            ACC acc = mutableResults ? owned(merged, position) : (ACC) merged.valueAt(position);
            Object out = aggregate.getResult(acc);
            if (borrowed.get(position) && !resultsAreTheirOwn && !isImmutable(out)) {
                mutableResults = true; // from now on merged first, so getResult runs once per key and window
                out = aggregate.getResult(owned(merged, position));
            }
            function.process(key, window, resultIsInput ? (Iterable<?>) out : result.of(out));
            if (clears) {
                function.clear(window); // no allowed lateness: the window is cleaned up as it fires
            }
        }
    }

    /** Whether {@code result} is of a type whose values never change: it may come from a pane's accumulator. */
    private static boolean isImmutable(Object result) {
        if (result == null) {
            return true;
        }
        Class<?> type = result.getClass();
        return type == Long.class || type == Integer.class || type == Double.class || type == Float.class
                || type == Short.class || type == Byte.class || type == Character.class || type == Boolean.class
                || type == String.class;
    }

    /** The merged accumulator at {@code position}, made the window's own if it is still a pane's. */
    @SuppressWarnings("unchecked")
    private ACC owned(WindowTable merged, int position) {
        ACC acc = (ACC) merged.valueAt(position);
        if (borrowed.get(position)) {
            acc = aggregate.merge(aggregate.createAccumulator(), acc);
            merged.setValueAt(position, acc);
            borrowed.clear(position);
        }
        return acc;
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        panes.whileInKeyedState(() -> super.snapshotState(state));
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        if (!initializeUnlessWindows(state)) {
            TablesInKeyedState.refuseRestored(keyed.backend(), AccumulatingContents.STATE, "accumulators per window, not"
                    + " per pane: restore it without sharePanes(), and with an aggregate whose mergesExactly() is false");
            TablesInKeyedState.refuseRestored(keyed.backend(), ListContents.STATE, "elements per window, not per pane");
        }
    }

    /**
     * Restores {@code state}, unless it holds accumulators or elements per window (windows do not
     * split into panes): then returns {@code false}, and this operator must not be used.
     */
    boolean initializeUnlessWindows(SnapshotReader state) throws Exception {
        super.initializeState(state);
        HeapKeyedStateBackend<K> backend = keyed.backend();
        if (backend.entriesOf(AccumulatingContents.STATE) > 0 || backend.entriesOf(ListContents.STATE) > 0) {
            return false;
        }
        panes.readFromKeyedState(Long.MIN_VALUE);
        for (int p = 0; p < panes.count(); p++) {
            WindowTable pane = panes.get(p);
            for (int i = 0; i < pane.size(); i++) {
                ElementsOnPanes.requireSameKind(pane.valueAt(i), resultIsInput, context.operatorName());
                if (aggregate instanceof ElementsOnPanes<?> elements) {
                    elements.continueAfter((PaneElements) pane.valueAt(i));
                }
            }
        }
        return true;
    }

    /** How many pane accumulators, state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return panes.entries() + keyed.backend().totalEntries() + timers.numEventTimeTimers()
                + timers.numProcessingTimeTimers();
    }
}
