package dev.tidemark.state;

/** Describes a {@link MapState}. */
public final class MapStateDescriptor<K, V> extends StateDescriptor<MapState<K, V>> {

    private static final long serialVersionUID = 1L;

    public MapStateDescriptor(String name, Class<K> keyType, Class<V> valueType) {
        super(name);
    }
}
