package dev.tidemark.state;

import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.api.typeinfo.TypeSerializer;
import java.util.Objects;

/** Describes a {@link ValueState}. */
public final class ValueStateDescriptor<T> extends StateDescriptor<ValueState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param type the value type, kept for tools that translate the pipeline */
    private final Class<T> type;

    /** @param type the value type, as Flink programs declare it; its class is what is kept */
    public ValueStateDescriptor(String name, TypeInformation<T> type) {
        this(name, Objects.requireNonNull(type, "state type must not be null").getTypeClass());
    }

    /** @param serializer the value type's serializer, as Flink programs pass it; its type's class is what is kept */
    public ValueStateDescriptor(String name, TypeSerializer<T> serializer) {
        this(name, Objects.requireNonNull(serializer, "state serializer must not be null").type());
    }

    public ValueStateDescriptor(String name, Class<T> type) {
        super(name);
        this.type = type;
    }

    /** The declared value type; restored values are checked against it. {@code null}: unchecked. */
    public Class<T> getType() {
        return type;
    }
}
