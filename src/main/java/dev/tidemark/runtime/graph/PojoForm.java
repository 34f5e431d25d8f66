package dev.tidemark.runtime.graph;

import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * A non-serializable POJO or record as the values of its fields: what {@link DataObjectOutputStream}
 * writes in its place. A POJO here is a class of the user's (not the JDK's), not an inner, local or
 * anonymous class, with a constructor without arguments; its fields are every non-static,
 * non-transient field of the class and its superclasses. A record is built again through its
 * canonical constructor.
 */
public final class PojoForm implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Class<?> type;
    private final Object[] values; // in the order of fields(type), or of the record's components

    private PojoForm(Class<?> type, Object[] values) {
        this.type = type;
        this.values = values;
    }

    /** Whether objects of {@code type} can be written as their fields. */
    public static boolean applies(Class<?> type) {
        String name = type.getName();
        if (type.isArray() || type.isSynthetic() || type.isAnonymousClass() || type.isLocalClass() || type.isHidden()
                || name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.") || type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
            return false;
        }
        if (type.isRecord()) {
            return true;
        }
        try {
            type.getDeclaredConstructor();
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    static PojoForm of(Object value) throws NotSerializableException {
        Class<?> type = value.getClass();
        try {
            if (type.isRecord()) {
                RecordComponent[] components = type.getRecordComponents();
                Object[] values = new Object[components.length];
                for (int i = 0; i < values.length; i++) {
                    components[i].getAccessor().setAccessible(true);
                    values[i] = components[i].getAccessor().invoke(value);
                }
                return new PojoForm(type, values);
            }
            List<Field> fields = fields(type);
            Object[] values = new Object[fields.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = fields.get(i).get(value);
            }
            return new PojoForm(type, values);
        } catch (ReflectiveOperationException | RuntimeException e) {
            NotSerializableException failure = new NotSerializableException(type.getName()
                    + " (not Serializable, and its fields could not be read: " + e + ")");
            failure.initCause(e);
            throw failure;
        }
    }

    /** Builds the object again; called by {@link LoaderObjectInputStream}. */
    Object rebuild() throws InvalidObjectException {
        try {
            if (type.isRecord()) {
                RecordComponent[] components = type.getRecordComponents();
                Class<?>[] types = new Class<?>[components.length];
                for (int i = 0; i < types.length; i++) {
                    types[i] = components[i].getType();
                }
                Constructor<?> canonical = type.getDeclaredConstructor(types);
                canonical.setAccessible(true);
                return canonical.newInstance(values);
            }
            Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            Object instance = constructor.newInstance();
            List<Field> fields = fields(type);
            if (fields.size() != values.length) {
                throw new InvalidObjectException("the fields of " + type.getName() + " changed since it was written: "
                        + values.length + " then, " + fields.size() + " now");
            }
            for (int i = 0; i < values.length; i++) {
                fields.get(i).set(instance, values[i]);
            }
            return instance;
        } catch (ReflectiveOperationException | RuntimeException e) {
            InvalidObjectException failure = new InvalidObjectException("cannot build " + type.getName()
                    + " from its fields: " + e);
            failure.initCause(e);
            throw failure;
        }
    }

    /** The fields written, superclass fields first, each class's in declaration order. */
    private static List<Field> fields(Class<?> type) {
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(0, c);
        }
        List<Field> fields = new ArrayList<>();
        for (Class<?> c : hierarchy) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }
}
