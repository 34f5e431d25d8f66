package dev.tidemark.runtime.graph;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;

/**
 * Java serialization for data (elements given to a source, state values in checkpoints) that also
 * takes the POJOs and records of Flink programs, which need not be {@link Serializable}: such an
 * object is written as a {@link PojoForm} of its fields, and {@link LoaderObjectInputStream} builds
 * it again. Functions are not written this way: they must be serializable, as in Flink.
 */
public final class DataObjectOutputStream extends ObjectOutputStream {

    public DataObjectOutputStream(OutputStream out) throws IOException {
        super(out);
        enableReplaceObject(true);
    }

    @Override
    protected Object replaceObject(Object value) throws IOException {
        if (value == null || value instanceof Serializable || !PojoForm.applies(value.getClass())) {
            return value;
        }
        return PojoForm.of(value);
    }
}
