package dev.tidemark.runtime.checkpoint;

import dev.tidemark.runtime.graph.DataObjectOutputStream;
import dev.tidemark.runtime.graph.LoaderObjectInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * State values to bytes and back with Java serialization (POJOs and records that are not
 * serializable are written as their fields, see {@code DataObjectOutputStream}): what a checkpoint stores. Errors name the
 * operator and the state, since a value that cannot be serialized is the user's to fix.
 */
public final class StateBytes {

    private StateBytes() {}

    /** Writes into an object stream; {@link #write} calls it with a fresh stream. */
    public interface Writer {
        void write(ObjectOutputStream out) throws IOException;
    }

    /** Reads from an object stream. */
    public interface Reader<T> {
        T read(ObjectInputStream in) throws IOException, ClassNotFoundException;
    }

    /** One value as bytes. */
    public static byte[] of(Object value, String what) {
        return write(out -> out.writeObject(value), what);
    }

    /** The value {@link #of} wrote. */
    @SuppressWarnings("unchecked")
    public static <T> T value(byte[] bytes, String what) {
        return (T) read(bytes, ObjectInputStream::readObject, what);
    }

    /**
     * What {@code writer} writes, as bytes.
     *
     * @param what names the state in an error, e.g. {@code "state 'count' of operator 'Window'"}
     * @throws IllegalStateException if a value is not serializable, naming its class
     */
    public static byte[] write(Writer writer, String what) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new DataObjectOutputStream(buffer)) {
            writer.write(out);
        } catch (NotSerializableException e) {
            throw new IllegalStateException(what + " must be serializable to be checkpointed: class "
                    + e.getMessage() + " does not implement java.io.Serializable, and is neither a record nor a POJO"
                    + " with a constructor without arguments", e);
        } catch (IOException e) {
            throw new IllegalStateException(what + " could not be serialized: " + e, e);
        }
        return buffer.toByteArray();
    }

    /** Reads {@code bytes} with {@code reader}, resolving classes through the thread's context class loader. */
    public static <T> T read(byte[] bytes, Reader<T> reader, String what) {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes),
                Thread.currentThread().getContextClassLoader())) {
            return reader.read(in);
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException(what + " could not be restored: " + e, e);
        }
    }
}
