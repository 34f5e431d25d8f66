package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.api.functions.ProcessJoinFunction;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.operators.CoOperators;
import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.operators.KeyedSupport;
import dev.tidemark.runtime.operators.LateRecords;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.timers.InternalTimer;
import dev.tidemark.runtime.timers.InternalTimerService;
import dev.tidemark.runtime.timers.Triggerable;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.util.Objects;

/**
 * Joins two keyed streams by the time between their elements: a left element at {@code t} meets
 * every right element of its key in {@code [t + lower, t + upper]}, whichever arrives first. Each
 * side's elements are buffered per key ({@link IntervalJoinBuffers}, keyed state, so checkpointed and
 * rescaled with the key groups) until the watermark passes their last possible partner. They are
 * dropped as the key's next elements arrive, and by at most one pending event-time timer per key and
 * side, set at its latest element's end: when it fires, what has ended goes, and if anything is left
 * the timer is set again at the latest end. A key that keeps getting elements thus costs a timer per
 * buffer's worth of them, not one per element, and its state is gone once the watermark passes its
 * last element's end. Keyed on both sides by {@code long}s, the buffers are found by the key
 * unboxed, in a table of the operator's own ({@link IntervalJoinStateByLongKey}), and go into keyed
 * state only for a snapshot.
 *
 * <p>An element behind the watermark is late (Flink's rule): it goes to its side's late output, or
 * is dropped and counted in {@code numLateRecordsDropped}. An element that can meet no future
 * partner is probed and not buffered.
 */
public final class IntervalJoinOperator<K, T1, T2, OUT> extends CoOperators.Base<T1, T2, OUT>
        implements Triggerable<K, JoinSide> {

    private static final String STATE = "interval-join-buffers";

    private final ProcessJoinFunction<T1, T2, OUT> function;
    private final KeySelector<T1, K> leftKey;
    private final KeySelector<T2, K> rightKey;
    private final LongKeySelector<T1> leftLongKey; // all three null unless both sides' keys are longs
    private final LongKeySelector<T2> rightLongKey;
    private final IntervalJoinStateByLongKey<K, T1, T2> byLongKey; // their buffers then, not in keyed state
    private final IntervalBounds bounds;
    private final KeyedSupport<T1, K> keyed;
    private final InternalTimerService<K, JoinSide> timers;
    private final ValueState<IntervalJoinBuffers<T1, T2>> state;
    private final LateRecords lateLeft;
    private final LateRecords lateRight;
    private final JoinContext ctx;
    private final TimeSortedBuffer.TimeFunction leftEnd;
    private final TimeSortedBuffer.TimeFunction rightEnd;
    private final TimeSortedBuffer.Visitor<T2> pairWithLeft = this::pairWithLeft; // made once, not per probe
    private final TimeSortedBuffer.Visitor<T1> pairWithRight = this::pairWithRight;
    private T1 probingLeft; // the element a probe pairs its visits with, one side set at a time
    private T2 probingRight;
    private long probingTimestamp;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public IntervalJoinOperator(ProcessJoinFunction<T1, T2, OUT> function, KeySelector<T1, K> leftKey,
            KeySelector<T2, K> rightKey, IntervalBounds bounds, OutputTag<T1> leftLateTag, OutputTag<T2> rightLateTag, OperatorContext<OUT> context) {
        super(context, null);
        this.function = function;
        this.leftKey = leftKey;
        this.rightKey = rightKey;
        boolean longKeys = leftKey instanceof LongKeySelector<?> && rightKey instanceof LongKeySelector<?>;
        this.leftLongKey = longKeys ? (LongKeySelector<T1>) leftKey : null;
        this.rightLongKey = longKeys ? (LongKeySelector<T2>) rightKey : null;
        this.bounds = bounds;
        this.keyed = new KeyedSupport<>(leftKey, context);
        this.timers = keyed.timerService(this);
        this.state = keyed.store().getState(new ValueStateDescriptor<>(STATE,
                (Class<IntervalJoinBuffers<T1, T2>>) (Class) IntervalJoinBuffers.class));
        this.byLongKey = longKeys ? new IntervalJoinStateByLongKey<>(keyed, STATE, context.config().getMaxParallelism())
                : null;
        this.lateLeft = new LateRecords(leftLateTag, context, "use sideOutputLeftLateData(...)");
        this.lateRight = new LateRecords(rightLateTag, context, "use sideOutputRightLateData(...)");
        this.ctx = new JoinContext(function);
        this.leftEnd = bounds::leftEnd;
        this.rightEnd = bounds::rightEnd;
    }

    @Override
    protected KeyedSupport<?, ?> keyedSupport() {
        return keyed;
    }

    @Override
    public KeyedStateCounts keyedStateCounts() {
        return byLongKey == null ? keyed : byLongKey.countsBeside(keyed);
    }

    @Override
    public void snapshotState(SnapshotWriter state) throws Exception {
        if (byLongKey == null) {
            super.snapshotState(state);
        } else {
            byLongKey.whileInKeyedState(() -> super.snapshotState(state));
        }
    }

    @Override
    public void initializeState(SnapshotReader state) throws Exception {
        super.initializeState(state);
        if (byLongKey != null) {
            byLongKey.readFromKeyedState(context.operatorName());
        }
    }

    @Override
    public void open() throws Exception {
        function.open(keyed.runtimeContext());
    }

    @Override
    public void close() throws Exception {
        function.close();
    }

    @Override
    public void processElement1(T1 value, long timestamp) throws Exception {
        if (isLate(timestamp)) {
            lateLeft.late(value, timestamp, currentWatermark);
            return;
        }
        IntervalJoinBuffers<T1, T2> buffers = leftLongKey != null
                ? buffersOfLong(leftLongKey.getLongKey(value), timestamp) : buffersOf(leftKey, value, timestamp);
        probingLeft = value;
        probingTimestamp = timestamp;
        buffers.right.forEachBetween(bounds.rightFrom(timestamp), bounds.rightTo(timestamp), pairWithLeft);
        probingLeft = null;
        keep(buffers, buffers.left, JoinSide.LEFT, timestamp, value, bounds.leftEnd(timestamp));
        store(buffers);
    }

    @Override
    public void processElement2(T2 value, long timestamp) throws Exception {
        if (isLate(timestamp)) {
            lateRight.late(value, timestamp, currentWatermark);
            return;
        }
        IntervalJoinBuffers<T1, T2> buffers = rightLongKey != null
                ? buffersOfLong(rightLongKey.getLongKey(value), timestamp) : buffersOf(rightKey, value, timestamp);
        probingRight = value;
        probingTimestamp = timestamp;
        buffers.left.forEachBetween(bounds.leftFrom(timestamp), bounds.leftTo(timestamp), pairWithRight);
        probingRight = null;
        keep(buffers, buffers.right, JoinSide.RIGHT, timestamp, value, bounds.rightEnd(timestamp));
        store(buffers);
    }

    /**
     * Buffers an element that a partner which is not late can still meet (until {@code end}), and
     * sets the side's cleanup timer if none is pending.
     */
    private <T> void keep(IntervalJoinBuffers<T1, T2> buffers, TimeSortedBuffer<T> buffer, JoinSide side,
            long timestamp, T value, long end) {
        if (end <= currentWatermark) {
            return;
        }
        buffer.add(timestamp, value);
        if (buffers.timer(side) == IntervalJoinBuffers.NO_TIMER) {
            timers.registerEventTimeTimer(side, end);
            buffers.setTimer(side, end);
        }
    }

    /**
     * Makes {@code value}'s key current and returns its buffers, without the elements that no
     * partner can meet any more (they would be skipped anyway).
     */
    private <X> IntervalJoinBuffers<T1, T2> buffersOf(KeySelector<X, K> selector, X value, long timestamp)
            throws Exception {
        keyed.setKeyOf(selector, value, timestamp);
        return withoutEnded(state.value());
    }

    private IntervalJoinBuffers<T1, T2> withoutEnded(IntervalJoinBuffers<T1, T2> buffers) {
        if (buffers == null) {
            return new IntervalJoinBuffers<>();
        }
        buffers.left.removeEndedBy(currentWatermark, leftEnd);
        buffers.right.removeEndedBy(currentWatermark, rightEnd);
        return buffers;
    }

    /** {@link #buffersOf} for a {@code long} key. */
    private IntervalJoinBuffers<T1, T2> buffersOfLong(long key, long timestamp) {
        return withoutEnded(byLongKey.select(key, timestamp));
    }

    private boolean isLate(long timestamp) {
        if (timestamp == Long.MIN_VALUE) {
            throw new IllegalArgumentException(context.operatorName() + ": an element without a timestamp"
                    + " (Long.MIN_VALUE) cannot be joined by time; assign timestamps before the interval join");
        }
        return timestamp < currentWatermark;
    }

    private void store(IntervalJoinBuffers<T1, T2> buffers) throws Exception {
        if (byLongKey != null) {
            byLongKey.store(buffers);
            return;
        }
        if (buffers.isEmpty()) {
            state.clear();
        } else {
            state.update(buffers); // the same object for a key already buffered: the heap keeps it in place
        }
    }

    private void pairWithLeft(long rightTimestamp, T2 right) throws Exception {
        emit(probingLeft, right, probingTimestamp, rightTimestamp);
    }

    private void pairWithRight(long leftTimestamp, T1 left) throws Exception {
        emit(left, probingRight, leftTimestamp, probingTimestamp);
    }

    private void emit(T1 left, T2 right, long leftTimestamp, long rightTimestamp) throws Exception {
        ctx.leftTimestamp = leftTimestamp;
        ctx.rightTimestamp = rightTimestamp;
        ctx.timestamp = Math.max(leftTimestamp, rightTimestamp);
        collector.setTimestamp(ctx.timestamp);
        function.processElement(left, right, ctx, collector);
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        keyed.advanceWatermark(timers, watermark);
        super.processWatermark(watermark);
    }

    @Override
    public void onEventTime(K key, JoinSide side, long timestamp) throws Exception {
        IntervalJoinBuffers<T1, T2> buffers = byLongKey != null ? byLongKey.selectTimerKey(key) : state.value();
        if (buffers == null) {
            return;
        }
        TimeSortedBuffer<?> buffer = side == JoinSide.LEFT ? buffers.left : buffers.right;
        TimeSortedBuffer.TimeFunction endOf = side == JoinSide.LEFT ? leftEnd : rightEnd;
        buffer.removeEndedBy(timestamp, endOf);
        if (buffers.timer(side) == timestamp) { // the pending one, not one of a key that emptied before
            long next = buffer.isEmpty() ? IntervalJoinBuffers.NO_TIMER : endOf.apply(buffer.lastTimestamp());
            if (next != IntervalJoinBuffers.NO_TIMER) {
                timers.registerEventTimeTimer(side, next);
            }
            buffers.setTimer(side, next);
        }
        store(buffers);
    }

    @Override
    public void onProcessingTime(K key, JoinSide side, long timestamp) {
        // the join registers event-time timers only
    }

    private final class JoinContext extends ProcessJoinFunction<T1, T2, OUT>.Context {
        long leftTimestamp;
        long rightTimestamp;
        long timestamp;

        JoinContext(ProcessJoinFunction<T1, T2, OUT> function) {
            function.super();
        }

        @Override
        public long getLeftTimestamp() {
            return leftTimestamp;
        }

        @Override
        public long getRightTimestamp() {
            return rightTimestamp;
        }

        @Override
        public long getTimestamp() {
            return timestamp;
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            Objects.requireNonNull(outputTag, "output tag must not be null");
            output.collect(outputTag, value, timestamp);
        }
    }
}
