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
     * Serializes {@code value}. If it does not serialize, enclosing instances that anonymous and
     * inner classes hold but never read are dropped ({@link ClosureCleaner}) and it is tried again.
     *
     * @param what names the value in the error, e.g. {@code "the function of operator 'Map'"}
     * @throws IllegalArgumentException if it cannot be serialized, naming the offending class
     */
    public static <T extends Serializable> SerializedValue<T> of(T value, String what) {
        byte[] bytes;
        try {
            bytes = bytesOf(value);
        } catch (IOException e) {
            if (!ClosureCleaner.clean(value)) {
                throw notSerializable(what, e);
            }
            try {
                bytes = bytesOf(value);
            } catch (IOException again) {
                throw notSerializable(what, again);
            }
        }
        ClassLoader loader = value.getClass().getClassLoader();
        return new SerializedValue<>(bytes, loader != null ? loader : Thread.currentThread().getContextClassLoader());
    }

    private static byte[] bytesOf(Object value) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buffer)) {
            out.writeObject(value);
        }
        return buffer.toByteArray();
    }

    private static IllegalArgumentException notSerializable(String what, IOException e) {
        return new IllegalArgumentException(what + " must be serializable: " + e
                + "; a lambda or anonymous class must not capture non-serializable objects"
                + " (such as the enclosing test instance, when it uses it)", e);
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
