package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.runtime.metrics.Counter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where an operator's late records go: to the late side output when one is set, otherwise they are
 * dropped and counted in the operator's {@code numLateRecordsDropped}, and the first drop is logged
 * (once), so that no record is lost without a trace.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class LateRecords {

    private static final Logger LOG = LoggerFactory.getLogger(LateRecords.class);

    private final OutputTag<Object> lateTag;
    private final Output<?> output;
    private final Counter dropped;
    private final String operatorName;
    private final String advice;
    private boolean logged;

    /**
     * @param lateTag where late records go, or {@code null} to drop and count them
     * @param advice how a user keeps them, for the log line, e.g. {@code "use sideOutputLateData(...)"}
     */
    @SuppressWarnings("unchecked")
    public LateRecords(OutputTag<?> lateTag, OperatorContext<?> context, String advice) {
        this.lateTag = (OutputTag<Object>) lateTag;
        this.output = context.output();
        this.dropped = context.counter("numLateRecordsDropped");
        this.operatorName = context.operatorName();
        this.advice = advice;
    }

    /** Sends {@code value} to the late side output, or drops and counts it. */
    public void late(Object value, long timestamp, long watermark) {
        if (lateTag != null) {
            output.collect(lateTag, value, timestamp);
            return;
        }
        dropped.inc();
        if (!logged) {
            logged = true;
            LOG.warn("Dropping late records: operator={}, timestamp={}, watermark={}; counted in {}.numLateRecordsDropped;"
                    + " {} to keep them", operatorName, timestamp, watermark, operatorName, advice);
        }
    }
}
