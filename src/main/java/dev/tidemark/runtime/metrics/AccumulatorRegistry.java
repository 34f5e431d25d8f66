package dev.tidemark.runtime.metrics;

import dev.tidemark.api.accumulators.Accumulator;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accumulators of one attempt of a job, by operator instance and name; merged over the
 * instances into the job's results when it finishes. A new attempt starts with a new registry, so
 * what a failed attempt added is dropped, as in Flink.
 *
 * <p>Threading: any task thread registers; the job's result reads after every task ended.
 */
public final class AccumulatorRegistry {

    private final Map<String, Map<String, Accumulator<?, ?>>> byInstance = new LinkedHashMap<>();

    /**
     * Registers {@code accumulator} of the instance {@code instance} (an operator's qualified name).
     *
     * @throws IllegalStateException if the instance already has an accumulator of that name
     */
    public synchronized void add(String instance, String name, Accumulator<?, ?> accumulator) {
        Map<String, Accumulator<?, ?>> own = byInstance.computeIfAbsent(instance, i -> new LinkedHashMap<>());
        if (own.putIfAbsent(name, accumulator) != null) {
            throw new IllegalStateException("accumulator already exists and cannot be added again: name=" + name
                    + ", operator=" + instance);
        }
    }

    /** The instance's accumulator of that name, or {@code null}. */
    public synchronized Accumulator<?, ?> get(String instance, String name) {
        Map<String, Accumulator<?, ?>> own = byInstance.get(instance);
        return own == null ? null : own.get(name);
    }

    /**
     * Each name's value, merged over every instance that added it.
     *
     * @throws IllegalStateException if instances added accumulators of different kinds under one name
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public synchronized Map<String, Object> results() {
        Map<String, Accumulator> merged = new LinkedHashMap<>();
        Map<String, List<String>> owners = new LinkedHashMap<>();
        byInstance.forEach((instance, own) -> own.forEach((name, accumulator) -> {
            owners.computeIfAbsent(name, n -> new ArrayList<>()).add(instance);
            Accumulator total = merged.get(name);
            if (total == null) {
                merged.put(name, accumulator.clone());
            } else if (total.getClass() != accumulator.getClass()) {
                throw new IllegalStateException("accumulators of one name must be of one kind: name=" + name + ", kinds="
                        + total.getClass().getSimpleName() + " and " + accumulator.getClass().getSimpleName()
                        + ", operators=" + owners.get(name));
            } else {
                total.merge(accumulator);
            }
        }));
        Map<String, Object> results = new LinkedHashMap<>();
        merged.forEach((name, total) -> results.put(name, (Serializable) total.getLocalValue()));
        return Collections.unmodifiableMap(results);
    }
}
