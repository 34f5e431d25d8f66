package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.api.sink.SinkFunction;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * A Tidemark {@link SinkFunction} as a Flink operator: every element with its timestamp and the
 * current watermark, {@code finish()} at the end of the input (and not on cancellation), as
 * Tidemark's own sink operator calls it; a checkpointed sink (a two-phase-commit one) takes part in
 * Flink's checkpoints ({@link OperatorStates}). An operator rather than one of Flink's sink interfaces,
 * because Flink 1.20 and 2.x share no sink interface with such a finish.
 */
final class SinkOperator<T> extends AbstractStreamOperator<Object> implements OneInputStreamOperator<T, Object> {

    private static final long serialVersionUID = 1L;

    private final SinkFunction<T> function;
    private final String operator;
    private final boolean checkpointing;
    private transient long watermark;
    private transient long timestamp;
    private transient SinkFunction.Context context;

    SinkOperator(SinkFunction<T> function, String operator, boolean checkpointing) {
        this.function = function;
        this.operator = operator;
        this.checkpointing = checkpointing;
    }

    @Override
    public void open() throws Exception {
        super.open();
        watermark = Long.MIN_VALUE;
        context = new SinkFunction.Context() {
            @Override
            public long timestamp() {
                return timestamp;
            }

            @Override
            public long currentWatermark() {
                return watermark;
            }

            @Override
            public long currentProcessingTime() {
                return getProcessingTimeService().getCurrentProcessingTime();
            }
        };
        FlinkRuntimeContext.open(function, getRuntimeContext(), checkpointing);
    }

    @Override
    public void initializeState(org.apache.flink.runtime.state.StateInitializationContext context) throws Exception {
        super.initializeState(context);
        OperatorStates.initialize(function, context);
    }

    @Override
    public void snapshotState(org.apache.flink.runtime.state.StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        OperatorStates.snapshot(function, context);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        OperatorStates.completed(function, checkpointId);
    }

    @Override
    public void processElement(StreamRecord<T> element) throws Exception {
        timestamp = element.hasTimestamp() ? element.getTimestamp() : Long.MIN_VALUE;
        try {
            function.invoke(element.getValue(), context);
        } catch (Exception e) {
            throw OperatorException.tag(operator, e);
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        watermark = mark.getTimestamp();
        super.processWatermark(mark);
    }

    @Override
    public void finish() throws Exception {
        function.finish();
        super.finish();
    }

    @Override
    public void close() throws Exception {
        try {
            FlinkRuntimeContext.close(function);
        } finally {
            super.close();
        }
    }
}
