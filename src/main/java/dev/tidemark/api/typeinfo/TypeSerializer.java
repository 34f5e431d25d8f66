package dev.tidemark.api.typeinfo;

import dev.tidemark.runtime.checkpoint.StateBytes;
import java.io.Serializable;
import java.util.Objects;

/**
 * How Tidemark stores values of a type in state and checkpoints: Java serialization, or field by
 * field for a record or POJO that is not {@code Serializable}. Flink programs pass one where Flink
 * asks for a {@code TypeSerializer} ({@code DeltaTrigger.of(..)}, state descriptors); get it from
 * {@link TypeInformation#createSerializer}. Unlike Flink's, there is one format for every type, so
 * a serializer carries only the type it was made for.
 *
 * @param <T> the value type
 */
public final class TypeSerializer<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final TypeInformation<T> type;

    TypeSerializer(TypeInformation<T> type) {
        this.type = Objects.requireNonNull(type, "type must not be null");
    }

    /** The type this serializer was made for. */
    public TypeInformation<T> type() {
        return type;
    }

    /** The value in the bytes state keeps. */
    public byte[] serialize(T value) {
        return StateBytes.of(value, "a value of " + type);
    }

    /** A value from bytes {@link #serialize} wrote. */
    public T deserialize(byte[] bytes) {
        return StateBytes.value(bytes, "a value of " + type);
    }

    /** A deep copy, as a state backend keeps it. */
    public T copy(T value) {
        return deserialize(serialize(value));
    }

    @Override
    public String toString() {
        return "TypeSerializer(" + type + ")";
    }
}
