package dev.tidemark.api;

import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.api.typeinfo.TypeSerializer;

/**
 * The serializer settings of a job, as Flink 1.19+ and 2.x pass them to
 * {@link TypeInformation#createSerializer(SerializerConfig)}. Tidemark stores every type the same
 * way (see {@link TypeSerializer}), so there is nothing to register: Flink's Kryo registrations
 * have no counterpart.
 */
public final class SerializerConfig implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    static final SerializerConfig DEFAULT = new SerializerConfig();

    private SerializerConfig() {}

    @Override
    public String toString() {
        return "SerializerConfig(java serialization, field by field for non-serializable records and POJOs)";
    }
}
