package dev.tidemark.runtime.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The counters of one job, named {@code "<operator>.<metric>"}.
 *
 * <p>Threading: counters are created on task threads; {@link #snapshot} may be called from any thread.
 */
public final class MetricRegistry {

    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    /** The counter {@code metric} of {@code operator}, created on first use. */
    public Counter counter(String operator, String metric) {
        return counters.computeIfAbsent(operator + "." + metric, k -> new Counter());
    }

    /** Every counter's current value, sorted by name. */
    public Map<String, Long> snapshot() {
        Map<String, Long> values = new TreeMap<>();
        counters.forEach((name, counter) -> values.put(name, counter.get()));
        return values;
    }
}
