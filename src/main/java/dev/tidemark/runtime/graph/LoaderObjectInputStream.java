package dev.tidemark.runtime.graph;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

/**
 * Reads serialized objects resolving classes through a given class loader first (the user's code),
 * and builds the POJOs and records a {@link DataObjectOutputStream} wrote as their fields.
 */
public final class LoaderObjectInputStream extends ObjectInputStream {

    private final ClassLoader loader;

    public LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
        super(in);
        this.loader = loader;
        enableResolveObject(true);
    }

    @Override
    protected Object resolveObject(Object value) throws IOException {
        return value instanceof PojoForm form ? form.rebuild() : value;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        try {
            return Class.forName(desc.getName(), false, loader);
        } catch (ClassNotFoundException e) {
            return super.resolveClass(desc);
        }
    }
}
