package dev.tidemark.runtime.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The metrics of one job, named {@code "<operator>.<metric>"}: counters (records in and out, late
 * records dropped, time blocked on backpressure) and each operator's current input watermark, from
 * which the snapshot derives the watermark lag (processing time minus watermark).
 *
 * <p>Threading: metrics are created and written on task threads; {@link #snapshot} may be called
 * from any thread.
 */
public final class MetricRegistry {

    /** The counter of records an operator received. */
    public static final String RECORDS_IN = "numRecordsIn";
    /** The counter of records an operator emitted, side outputs included. */
    public static final String RECORDS_OUT = "numRecordsOut";
    /** The operator's current input watermark. */
    public static final String WATERMARK = "currentInputWatermark";
    /** Processing time minus the current input watermark, in milliseconds. */
    public static final String WATERMARK_LAG = "watermarkLag";

    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Gauge> watermarks = new ConcurrentHashMap<>();
    private final Map<String, Gauge> gauges = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    /** @param clock the job's processing-time clock, for the watermark lag */
    public MetricRegistry(LongSupplier clock) {
        this.clock = clock;
    }

    /** The counter {@code metric} of {@code operator}, created on first use. */
    public Counter counter(String operator, String metric) {
        return counters.computeIfAbsent(operator + "." + metric, k -> new Counter());
    }

    /** The gauge {@code metric} of {@code owner} (an operator or the job), created at 0 on first use. */
    public Gauge gauge(String owner, String metric) {
        return gauges.computeIfAbsent(owner + "." + metric, k -> new Gauge(0));
    }

    /** The current input watermark of {@code operator}, created on first use. */
    public Gauge watermark(String operator) {
        return watermarks.computeIfAbsent(operator, k -> new Gauge(Long.MIN_VALUE));
    }

    /** Every metric's current value, sorted by name; watermarks appear once the operator has one. */
    public Map<String, Long> snapshot() {
        Map<String, Long> values = new TreeMap<>();
        counters.forEach((name, counter) -> values.put(name, counter.get()));
        gauges.forEach((name, gauge) -> values.put(name, gauge.get()));
        long now = clock.getAsLong();
        watermarks.forEach((operator, gauge) -> {
            long watermark = gauge.get();
            if (watermark != Long.MIN_VALUE) {
                values.put(operator + "." + WATERMARK, watermark);
                if (watermark != Long.MAX_VALUE) {
                    values.put(operator + "." + WATERMARK_LAG, now - watermark);
                }
            }
        });
        return values;
    }
}
