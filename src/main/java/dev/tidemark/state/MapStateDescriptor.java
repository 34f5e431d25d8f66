package dev.tidemark.state;

import dev.tidemark.api.typeinfo.TypeInformation;
import java.util.Objects;

/** Describes a {@link MapState}. */
public final class MapStateDescriptor<K, V> extends StateDescriptor<MapState<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<K> keyType;
    private final Class<V> valueType;

    /** Key and value types as Flink programs declare them; their classes are what is kept. */
    public MapStateDescriptor(String name, TypeInformation<K> keyType, TypeInformation<V> valueType) {
        this(name, Objects.requireNonNull(keyType, "key type must not be null").getTypeClass(),
                Objects.requireNonNull(valueType, "value type must not be null").getTypeClass());
    }

    public MapStateDescriptor(String name, Class<K> keyType, Class<V> valueType) {
        super(name);
        this.keyType = keyType;
        this.valueType = valueType;
    }

    /** The declared type of the map's keys; {@code null}: unchecked. */
    public Class<K> getKeyType() {
        return keyType;
    }

    /** The declared type of the map's values; {@code null}: unchecked. */
    public Class<V> getValueType() {
        return valueType;
    }
}
