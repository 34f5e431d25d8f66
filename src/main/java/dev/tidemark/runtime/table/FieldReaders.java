package dev.tidemark.runtime.table;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads named fields of a stream's elements, with accessors found once per element class (a
 * stream's elements are nearly always of one class). A {@code null} name reads nothing.
 */
final class FieldReaders implements Serializable {

    private static final long serialVersionUID = 1L;
    private final List<String> names;
    private transient Class<?> readerClass;
    private transient JavaFields.Reader[] readers;

    FieldReaders(List<String> names) {
        this.names = new ArrayList<>(names); // with nulls
    }

    int size() {
        return names.size();
    }

    /** The value of the {@code i}th field of {@code element}. */
    Object read(Object element, int i) {
        if (element.getClass() != readerClass) {
            resolve(element.getClass());
        }
        return readers[i].read(element);
    }

    private void resolve(Class<?> type) {
        readers = new JavaFields.Reader[names.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = names.get(i) == null ? null : JavaFields.reader(type, names.get(i));
        }
        readerClass = type;
    }
}
