package dev.tidemark.runtime.operators.window;

import dev.tidemark.runtime.operators.SnapshotAction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.state.KeyNamespaceMap;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * Tumbling and sliding event-time windows with the default trigger and no evictor, kept window
 * first: one {@link WindowTable} per window, holding every key (and, for tumbling windows, its
 * accumulator; sliding windows keep them by key). The accumulator is the eager reduce's or
 * aggregate's, or, for a window function that sees every element, the window's elements
 * ({@link ElementsAccumulator}). Such windows are aligned (every key has the same boundaries),
 * so the watermark fires a whole table at once, and no key
 * needs a timer of its own. An element costs one key lookup (for all the windows it belongs to:
 * sliding windows find the key's ring of accumulators, one per open window, through a
 * {@link KeyWindowIndex}), no key group and no timer; a window's state goes, whole, when it is
 * cleaned up, which also makes it short-lived garbage. With a {@code LongKeySelector} the key stays a
 * {@code long} from the element to the table: an element whose key the window holds already
 * allocates nothing.
 *
 * <p>Results are exactly those of {@link WindowOperator} with the same specification: a window fires
 * when the watermark reaches its end, for each of its keys in the order the keys first reached it
 * (the default operator's timer order); an element for a window that already fired, within the
 * allowed lateness, fires that key's window again at once; a window is cleaned up at
 * {@code maxTimestamp + allowedLateness}; late elements are dropped or diverted alike. Windows fire
 * in the order of their ends; a firing and another window's cleanup due at the same time go key by
 * key in the order of the keys' arrival, as the default operator's timers would.
 *
 * <p>A snapshot holds what the general operator's would: the accumulators (or element lists) as
 * keyed state under (key, window), and their timers. It splits by key group like any other, and
 * either operator restores the other's.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class AlignedWindowOperator<K, IN, OUT> extends ForwardingOperator<IN, OUT> {

    private final KeyedSupport<IN, K> keyed;
    private final ElementKey<K> elementKey; // of the element being processed
    private final WindowOperatorSpec<K, IN, OUT, TimeWindow> spec;
    private final Accumulator<IN, Object> accumulator;
    private final InternalTimerService<K, TimeWindow> timers; // the watermark for functions; timers only in snapshots
    private final WindowFunctionRunner<K, Object, OUT, TimeWindow> function;
    private final OneResult<Object> result = new OneResult<>(); // what the function gets, refilled per firing
    private final Lateness<TimeWindow> lateness;
    private final long size;
    private final long slide;
    private final long offset;
    private final PeriodStarts starts; // of the last window an element belongs to
    private final WindowTables<K> tables; // the open windows; arrival order is the default operator's timer order
    private final int maxParallelism;
    private final int slidesPerWindow; // size / slide, and its remainder: an element's windows without a division
    private final long slideRemainder;
    // a fired window's key got an element within the lateness: it fires again, and stays
    private final WindowTables.FiredWindow refire = (table, position, time) -> emit(table, position, time, false);

    /** Whether {@code spec} is one this operator runs with the default operator's results. */
    public static boolean applies(WindowOperatorSpec<?, ?, ?, ?> spec) {
        return (spec.assigner() instanceof TumblingEventTimeWindows || spec.assigner() instanceof SlidingEventTimeWindows)
                && spec.firesByEventTime();
    }

    public AlignedWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context) {
        this(spec, context, false);
    }

    /**
     * Whether an {@code AggregateFunction} whose accumulators are like {@code sample} has them kept
     * flat here, as their contents in the operator's own arrays ({@link FlatAccumulators}).
     */
    public static boolean keepsFlat(Object sample) {
        return FlatAccumulators.canBeFlat(sample);
    }

    /**
     * @param addsOnArrival whether each element must be added to its windows' accumulators as it
     *     arrives, for an aggregate that reads more than its arguments (a window join's reads which
     *     input the element came from); otherwise a key's first element in a sliding window may wait
     *     until the window needs its accumulator
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public AlignedWindowOperator(WindowOperatorSpec<K, IN, OUT, TimeWindow> spec, OperatorContext<OUT> context,
            boolean addsOnArrival) {
        super(context, spec.function());
        if (!applies(spec)) {
            throw new IllegalArgumentException("aligned windows need tumbling or sliding event-time windows, the default"
                    + " trigger and no evictor: " + spec.name());
        }
        this.spec = spec;
        if (spec.assigner() instanceof SlidingEventTimeWindows sliding) {
            this.size = sliding.getSize();
            this.slide = sliding.getSlide();
            this.offset = sliding.getOffset();
        } else {
            TumblingEventTimeWindows tumbling = (TumblingEventTimeWindows) spec.assigner();
            this.size = tumbling.getSize();
            this.slide = size;
            this.offset = tumbling.getOffset();
        }
        this.starts = new PeriodStarts(offset, slide);
        this.keyed = new KeyedSupport<>(spec.keySelector(), context);
        this.elementKey = new ElementKey<>(keyed);
        this.accumulator = Accumulator.of(spec);
        this.timers = keyed.timerService(new NoTimers<>("aligned windows"));
        this.function = WindowFunctionRunner.of(spec, output, keyed, timers);
        this.lateness = Lateness.of(spec, spec.allowedLatenessMillis(), true, context);
        this.maxParallelism = context.config().getMaxParallelism();
        this.tables = new WindowTables<>(keyed.backend(), size, accumulator.state(), maxParallelism, elementKey);
        this.slidesPerWindow = (int) Math.min(size / slide, Integer.MAX_VALUE);
        this.slideRemainder = size % slide;
        if (size > slide && (size - 1) / slide < KeyWindowIndex.MAX_SPAN) {
            tables.findKeysOncePerElement(slide, accumulator, !addsOnArrival); // a key found once for all its windows
        }
        tables.keepAccumulatorsFlat(accumulator); // where tables hold them: if they are long[] or double[]
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
        tables.startElement();
        long watermark = timers.currentWatermark();
        long latestBack = starts.positionOf(timestamp);
        if (tables.findsKeysOncePerElement()) {
            int windows = windowsOf(latestBack);
            if (!reachesAnEndOfTime(timestamp, latestBack, windows)) {
                accumulateInWindows(value, timestamp, latestBack, windows, watermark);
                return;
            }
        }
        boolean accepted = false;
        // back: how far the timestamp lies into each of its windows, latest window first; windows at the
        // ends of time are clipped, as the assigner clips them
        for (long back = latestBack; back < size; back += slide) {
            long end = TimeWindow.endAfter(timestamp, size - back);
            if (!lateness.isWindowLate(end - 1, watermark)) {
                accepted = true;
                WindowTable table = tables.table(TimeWindow.startBefore(timestamp, back), end, watermark);
                int position = tables.accumulate(table, value, accumulator);
                if (table.fired()) { // late, within the allowed lateness: what EventTimeTrigger does, it fires at once
                    emit(table, position, timestamp, false);
                }
            }
            if (back > Long.MAX_VALUE - slide) {
                break;
            }
        }
        if (!accepted && lateness.isElementLate(timestamp, watermark)) {
            lateness.onLateElement(value, timestamp, watermark);
        }
    }

    /** Whether a window of an element at {@code timestamp}, {@code latestBack} into its latest window, is clipped. */
    private boolean reachesAnEndOfTime(long timestamp, long latestBack, int windows) {
        long earliestBack = latestBack + (windows - 1) * slide;
        return timestamp < Long.MIN_VALUE + earliestBack || timestamp > Long.MAX_VALUE - (size - latestBack);
    }

    /**
     * How many windows an element {@code latestBack} into its latest window belongs to:
     * {@code (size - 1 - latestBack) / slide + 1}, without a division per element.
     */
    private int windowsOf(long latestBack) {
        return latestBack < slideRemainder ? slidesPerWindow + 1 : slidesPerWindow;
    }

    /**
     * The element's windows, none of them clipped: those not late get it, latest first, through
     * {@link WindowTables#accumulateInWindows}, which finds its key once for all of them.
     */
    private void accumulateInWindows(IN value, long timestamp, long latestBack, int windows, long watermark)
            throws Exception {
        long latestStart = timestamp - latestBack;
        while (windows > 0 && lateness.isWindowLate(latestStart - (windows - 1) * slide + size - 1, watermark)) {
            windows--; // the earliest windows are late first
        }
        if (windows > 0) {
            tables.accumulateInWindows(latestStart, slide, windows, value, accumulator, watermark, timestamp, refire);
        } else if (lateness.isElementLate(timestamp, watermark)) {
            lateness.onLateElement(value, timestamp, watermark);
        }
    }

    @SuppressWarnings("unchecked")
    /** @param last whether the window is cleaned up before its accumulators are read again */
    private void emit(WindowTable table, int position, long time, boolean last) throws Exception {
        K key;
        if (table.unboxedKeyAt(position)) {
            // not kept in the table or as the current key: a function that only reads it lets the JIT drop the box
            long longKey = table.longKeyAt(position);
            keyed.setLongKey(longKey, time);
            key = (K) Long.valueOf(longKey);
        } else {
            key = (K) table.keyAt(position);
            keyed.setKey(key, time);
        }
        function.process(key, table.window(), tables.input(table, position, last, accumulator, result));
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        fireAndCleanUp(timers.currentWatermark());
        forwardWatermark(watermark);
    }

    /**
     * Fires the windows the watermark passed and cleans up those past their lateness, in time order,
     * as the default operator's timers would. A firing and another window's cleanup due at the same
     * time go key by key in the order the keys reached their windows, the order of those timers.
     */
    private void fireAndCleanUp(long watermark) throws Exception {
        while (tables.count() > 0) {
            int unfired = 0; // fired windows are a prefix: they end before all others
            while (unfired < tables.count() && tables.get(unfired).fired()) {
                unfired++;
            }
            WindowTable first = tables.get(0);
            long fireTime = unfired < tables.count() ? tables.get(unfired).window().maxTimestamp() : Long.MAX_VALUE;
            long cleanupTime = first.fired() ? lateness.cleanupTime(first.window().maxTimestamp()) : Long.MAX_VALUE;
            long time = Math.min(fireTime, cleanupTime);
            if (time > watermark) {
                return;
            }
            if (fireTime == cleanupTime) {
                fireWhileCleaningUp(tables.get(unfired), first, time);
            } else if (fireTime < cleanupTime) {
                fire(tables.get(unfired), time);
            } else {
                fireWhileCleaningUp(null, first, time);
            }
        }
    }

    /** Fires {@code table}, and cleans it up at once when there is no allowed lateness. */
    private void fire(WindowTable table, long time) throws Exception {
        table.markFired();
        boolean cleanUpNow = lateness.cleanupTime(time) == time;
        boolean clears = cleanUpNow && function.clears();
        for (int position = 0; position < table.size(); position++) {
            emit(table, position, time, cleanUpNow);
            if (clears) {
                function.clear(table.window()); // the same timer fires and cleans up: the key is current
            }
        }
        if (cleanUpNow) {
            tables.removeFirst(); // no lateness: windows are cleaned up as they fire, so this one is first
        }
    }

    /** Fires {@code firing} (if not null) and cleans up {@code cleaning}, the first window, merged by arrival. */
    private void fireWhileCleaningUp(WindowTable firing, WindowTable cleaning, long time) throws Exception {
        int fires = 0;
        int fireCount = firing == null ? 0 : firing.size();
        // Nothing to clear leaves only the fires; nor does the default operator clean up at the end of time.
        int clears = function.clears() && time != Long.MAX_VALUE ? 0 : cleaning.size();
        if (firing != null) {
            firing.markFired();
        }
        while (fires < fireCount || clears < cleaning.size()) {
            if (clears == cleaning.size()
                    || fires < fireCount && firing.arrivalAt(fires) < cleaning.arrivalAt(clears)) {
                emit(firing, fires++, time, false);
            } else {
                clear(cleaning, clears++, time);
            }
        }
        tables.removeFirst();
    }

    @SuppressWarnings("unchecked")
    private void clear(WindowTable table, int position, long time) throws Exception {
        keyed.setKey((K) table.keyAt(position), time);
        function.clear(table.window());
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        tables.whileInKeyedState(() -> whileTimersRegistered(() -> super.snapshotState(state)));
    }

    /**
     * Runs {@code snapshot} while every key of every window has the timers the general operator
     * would hold for it: its firing, unless the window fired, and its cleanup. With the accumulators
     * in the general operator's keyed state, the snapshot is the one {@link WindowOperator} would
     * take, so a program may change between the two (a trigger added, say) and restore it.
     */
    private void whileTimersRegistered(SnapshotAction snapshot) throws Exception {
        forEachTimer((key, window, time) -> timers.restoreTimer(true, key, window, time));
        try {
            snapshot.take();
        } finally {
            forEachTimer((key, window, time) -> timers.removeTimer(true, key, window, time));
        }
    }

    @SuppressWarnings("unchecked")
    private void forEachTimer(KeyNamespaceMap.TriConsumer<K, TimeWindow, Long> action) {
        for (int t = 0; t < tables.count(); t++) {
            WindowTable table = tables.get(t);
            long maxTimestamp = table.window().maxTimestamp();
            long cleanupTime = lateness.cleanupTime(maxTimestamp);
            for (int position = 0; position < table.size(); position++) {
                K key = (K) table.keyAt(position);
                if (!table.fired()) {
                    action.accept(key, table.window(), maxTimestamp);
                }
                if (cleanupTime != Long.MAX_VALUE && cleanupTime != maxTimestamp) {
                    action.accept(key, table.window(), cleanupTime);
                }
            }
        }
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        PanesIntoWindows.convert(keyed.backend(), spec, timers.currentWatermark(), maxParallelism);
        tables.readFromKeyedState(timers.currentWatermark());
        for (boolean eventTime : new boolean[] {true, false}) { // the tables imply them
            List<InternalTimer<K, TimeWindow>> restored = new ArrayList<>();
            timers.forEachTimer(eventTime, restored::add);
            restored.forEach(timer -> timers.removeTimer(eventTime, timer.key(), timer.namespace(), timer.timestamp()));
        }
    }

    /** How many accumulators, state entries and timers the operator holds, for tests that check cleanup. */
    public int stateSize() {
        return tables.entries() + keyed.backend().totalEntries() + timers.numEventTimeTimers()
                + timers.numProcessingTimeTimers();
    }
}
