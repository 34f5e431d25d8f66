package dev.tidemark.state;

/** Describes a {@link MapState}. */
public final class MapStateDescriptor<K, V> extends StateDescriptor<MapState<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<K> keyType;
    private final Class<V> valueType;

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
