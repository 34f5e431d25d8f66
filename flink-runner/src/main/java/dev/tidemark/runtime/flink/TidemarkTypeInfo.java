package dev.tidemark.runtime.flink;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * A Flink type whose values Flink moves and stores in Tidemark's own format ({@link TidemarkSerializer}):
 * what the runner gives every element, key, accumulator and state value that has no exact Flink type.
 * Flink's type extraction never sees the runner's adapters, and no value goes through Kryo.
 *
 * @param <T> the values' type
 */
public final class TidemarkTypeInfo<T> extends TypeInformation<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> typeClass;

    public TidemarkTypeInfo(Class<T> typeClass) {
        this.typeClass = typeClass;
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<T> getTypeClass() {
        return typeClass;
    }

    /** Keys are hashed by their {@code hashCode()}, as Tidemark and Flink both route them. */
    @Override
    public boolean isKeyType() {
        return true;
    }

    // Flink 1.x's abstract shape; Flink 2.x has only the SerializerConfig one, so neither is marked @Override
    public TypeSerializer<T> createSerializer(ExecutionConfig config) {
        return new TidemarkSerializer<>();
    }

    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new TidemarkSerializer<>();
    }

    @Override
    public String toString() {
        return "Tidemark(" + typeClass.getName() + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TidemarkTypeInfo<?> other && other.typeClass == typeClass;
    }

    @Override
    public int hashCode() {
        return typeClass.hashCode();
    }

    @Override
    public boolean canEqual(Object o) {
        return o instanceof TidemarkTypeInfo<?>;
    }
}
