package dev.tidemark.runtime.graph;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * A user function kept in serialized form, so each parallel instance of each execution gets a fresh
 * copy and a non-serializable function is reported where the pipeline is built, not when it runs.
 *
 * @param <T> the value's type
 */
public final class SerializedValue<T> {

    private final byte[] bytes;
    private final ClassLoader classLoader;

    private SerializedValue(byte[] bytes, ClassLoader classLoader) {
        this.bytes = bytes;
        this.classLoader = classLoader;
    }

    /**
     * Serializes {@code value}.
     *
     * @param what names the value in the error, e.g. {@code "the function of operator 'Map'"}
     * @throws IllegalArgumentException if it cannot be serialized, naming the offending class
     */
    public static <T extends Serializable> SerializedValue<T> of(T value, String what) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buffer)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " must be serializable: " + e
                    + "; a lambda or anonymous class must not capture non-serializable objects"
                    + " (such as the enclosing test instance)", e);
        }
        ClassLoader loader = value.getClass().getClassLoader();
        return new SerializedValue<>(buffer.toByteArray(),
                loader != null ? loader : Thread.currentThread().getContextClassLoader());
    }

    /** A fresh copy of the value. */
    @SuppressWarnings("unchecked")
    public T copy() {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), classLoader)) {
            return (T) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("serialized function could not be restored: " + e, e);
        }
    }
}
