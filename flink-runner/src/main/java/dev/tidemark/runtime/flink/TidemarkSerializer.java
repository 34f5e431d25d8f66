package dev.tidemark.runtime.flink;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Writes values in {@link ValueCodec}'s format: strings, boxed primitives and records directly,
 * anything else as Tidemark's state does (Java serialization, or field by field for a record or POJO
 * that is not {@code Serializable}). One format for every type, so the serializer has no
 * configuration and its snapshot only names it.
 *
 * @param <T> the values' type
 */
public final class TidemarkSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;
    /** Tidemark's format, which every value of every type is written in. */
    static final dev.tidemark.api.typeinfo.TypeSerializer<Object> FORMAT =
            dev.tidemark.api.typeinfo.TypeInformation.of(Object.class).createSerializer(new dev.tidemark.api.ExecutionConfig());

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<T> duplicate() {
        return this; // keeps no state
    }

    @Override
    public T createInstance() {
        return null;
    }

    @Override
    public T copy(T from) {
        if (from == null) {
            return null;
        }
        try {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            ValueCodec.write(from, new java.io.DataOutputStream(bytes));
            return cast(ValueCodec.read(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not copy a " + from.getClass().getName(), e);
        }
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        ValueCodec.write(record, target);
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        return cast(ValueCodec.read(source));
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        ValueCodec.write(ValueCodec.read(source), target); // a value's length is known only by reading it
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TidemarkSerializer<?>;
    }

    @Override
    public int hashCode() {
        return TidemarkSerializer.class.hashCode();
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>();
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object value) {
        return (T) value;
    }

    /** Names the serializer; it has nothing else to restore. */
    public static final class Snapshot<T> extends SimpleTypeSerializerSnapshot<T> {
        public Snapshot() {
            super(TidemarkSerializer::new);
        }
    }
}
