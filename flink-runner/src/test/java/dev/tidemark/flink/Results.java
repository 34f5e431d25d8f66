package dev.tidemark.flink;

import dev.tidemark.api.sink.SinkFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A sink whose elements a test reads back by name, whichever engine ran it: the mini cluster runs in
 * the test's JVM, so every instance writes to the same map.
 */
final class Results {

    private static final Map<String, List<String>> RESULTS = new ConcurrentHashMap<>();

    private Results() {}

    /** A sink that records each element's {@code toString()} under {@code name}. */
    static <T> SinkFunction<T> sink(String name) {
        RESULTS.put(name, new ArrayList<>());
        return new Sink<>(name);
    }

    /** What the sinks of {@code name} received, sorted: instances write in no particular order. */
    static List<String> sorted(String name) {
        List<String> results = RESULTS.get(name);
        synchronized (results) {
            return results.stream().sorted().toList();
        }
    }

    private record Sink<T>(String name) implements SinkFunction<T> {
        @Override
        public void invoke(T value, Context context) {
            List<String> results = RESULTS.get(name);
            synchronized (results) {
                results.add(String.valueOf(value));
            }
        }
    }
}
