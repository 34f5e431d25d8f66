package dev.tidemark.runtime.state;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.RecordComponent;

/**
 * The hash a key's key group is computed from: one that is the same in every JVM, so that state
 * restored in another process lands in the key groups its keys hash to there. Most keys have a
 * value-based {@code hashCode} and use it (as Flink does). An enum hashes by its name, since its
 * {@code hashCode} is its identity, and so does a record holding one, through its components.
 * Arrays and classes that keep {@code Object}'s identity hash are refused: no hash of them is
 * stable, nor is their {@code equals} the value's.
 *
 * <p>How a class hashes is worked out once per class. Threading: any thread.
 */
public final class KeyHash {

    private KeyHash() {}

    private sealed interface Kind permits ByHashCode, ByName, ByComponents, Refused {}

    private record ByHashCode() implements Kind {}

    private record ByName() implements Kind {}

    private record ByComponents(MethodHandle[] accessors) implements Kind {}

    private record Refused(String reason) implements Kind {}

    private static final Kind BY_HASH_CODE = new ByHashCode();
    private static final Kind BY_NAME = new ByName();

    private static final ClassValue<Kind> KINDS = new ClassValue<>() {
        @Override
        protected Kind computeValue(Class<?> type) {
            return kindOf(type);
        }
    };

    /**
     * The stable hash of {@code key}.
     *
     * @throws IllegalArgumentException if the key's class has no stable hash (an array, or a class
     *     that does not override {@code hashCode})
     */
    public static int of(Object key) {
        if (key instanceof String || key instanceof Long || key instanceof Integer) {
            return key.hashCode();
        }
        Kind kind = KINDS.get(key.getClass());
        if (kind == BY_HASH_CODE) {
            return key.hashCode();
        }
        if (kind == BY_NAME) {
            return ((Enum<?>) key).name().hashCode();
        }
        if (kind instanceof ByComponents components) {
            return ofComponents(key, components.accessors());
        }
        throw new IllegalArgumentException(((Refused) kind).reason());
    }

    /**
     * Why keys of {@code type} are refused, or {@code null} if they are not. Only what the type
     * itself shows: a record's component of an abstract type is judged by its values.
     */
    public static String refusal(Class<?> type) {
        return KINDS.get(type) instanceof Refused refused ? refused.reason() : null;
    }

    private static int ofComponents(Object record, MethodHandle[] accessors) {
        int hash = 0;
        for (MethodHandle accessor : accessors) {
            Object value;
            try {
                value = accessor.invoke(record);
            } catch (Throwable t) {
                throw new IllegalStateException("record key component could not be read: key class="
                        + record.getClass().getName() + ", cause=" + t, t);
            }
            hash = 31 * hash + (value == null ? 0 : of(value));
        }
        return hash;
    }

    private static Kind kindOf(Class<?> type) {
        if (type.isArray()) {
            return new Refused("key must not be an array: key class=" + type.getTypeName()
                    + "; arrays hash and compare by identity, so every element would get a key of its own;"
                    + " key by a List, a String or a record of the fields instead");
        }
        if (type.isEnum() || type.getSuperclass() != null && type.getSuperclass().isEnum()) {
            return BY_NAME;
        }
        if (type.isRecord() && hashesThroughComponents(type)) {
            return byComponents(type);
        }
        if (declaresHashCode(type)) {
            return BY_HASH_CODE;
        }
        return new Refused("key must have a value-based hashCode: key class=" + type.getName()
                + "; it keeps Object's identity hash, which differs for equal keys and between processes;"
                + " override hashCode and equals, or key by a record, a String or a number");
    }

    private static boolean declaresHashCode(Class<?> type) {
        try {
            return type.getMethod("hashCode").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /**
     * Whether a record's hash must be taken from its components: one of them is of a type that may
     * not hash stably by its {@code hashCode} (an enum, a record holding one, an interface).
     */
    private static boolean hashesThroughComponents(Class<?> type) {
        for (RecordComponent component : type.getRecordComponents()) {
            Class<?> c = component.getType();
            if (!c.isPrimitive() && (c.isInterface() || KINDS.get(c) != BY_HASH_CODE)) {
                return true;
            }
        }
        return false;
    }

    private static Kind byComponents(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        MethodHandle[] accessors = new MethodHandle[components.length];
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (int i = 0; i < components.length; i++) {
            try {
                var accessor = components[i].getAccessor();
                accessor.setAccessible(true);
                accessors[i] = lookup.unreflect(accessor);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return new Refused("key record's components must be readable: key class=" + type.getName()
                        + ", component=" + components[i].getName() + ", cause=" + e);
            }
        }
        return new ByComponents(accessors);
    }
}
