package dev.tidemark.runtime.flink;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Writes values as Tidemark's state does (Java serialization, or field by field for a record or
 * POJO that is not {@code Serializable}), length first. One format for every type, so the
 * serializer has no configuration and its snapshot only names it.
 *
 * @param <T> the values' type
 */
public final class TidemarkSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;
    private static final dev.tidemark.api.typeinfo.TypeSerializer<Object> FORMAT =
            dev.tidemark.api.typeinfo.TypeInformation.of(Object.class).createSerializer(new dev.tidemark.api.ExecutionConfig());
    private static final int NULL = -1;

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
        return from == null ? null : cast(FORMAT.deserialize(FORMAT.serialize(from)));
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
        if (record == null) {
            target.writeInt(NULL);
            return;
        }
        byte[] bytes = FORMAT.serialize(record);
        target.writeInt(bytes.length);
        target.write(bytes);
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        int length = source.readInt();
        if (length == NULL) {
            return null;
        }
        byte[] bytes = new byte[length];
        source.readFully(bytes);
        return cast(FORMAT.deserialize(bytes));
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = source.readInt();
        target.writeInt(length);
        if (length > 0) {
            target.write(source, length);
        }
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
