package dev.tidemark.api;

import dev.tidemark.api.sink.SinkFunction;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Named buffers that sinks write to, for tests with several sinks: a sink is copied by
 * serialization per execution, so it finds its buffer by name instead of holding it.
 */
final class CollectSinks {

    private static final Map<String, Buffer> BUFFERS = new ConcurrentHashMap<>();

    private CollectSinks() {}

    /** A fresh, empty buffer under {@code name}. */
    static Buffer buffer(String name) {
        Buffer buffer = new Buffer();
        BUFFERS.put(name, buffer);
        return buffer;
    }

    static final class Buffer {
        private final List<Object> values = new CopyOnWriteArrayList<>();

        List<Object> values() {
            return List.copyOf(values);
        }
    }

    static final class Sink<T> implements SinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String name;

        Sink(String name) {
            this.name = name;
        }

        @Override
        public void invoke(T value, Context context) {
            BUFFERS.get(name).values.add(value);
        }
    }
}
