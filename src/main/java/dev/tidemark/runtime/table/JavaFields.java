package dev.tidemark.runtime.table;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fields of a record or POJO class as table columns: a record's components in order; a POJO's
 * public fields and getters. Java types map to SQL as Flink maps them: {@code int}/{@code Integer}
 * INT, {@code long} BIGINT, {@code double} DOUBLE, {@code boolean} BOOLEAN, {@code String} STRING,
 * {@code BigDecimal} DECIMAL(38, 18), {@code LocalDateTime} TIMESTAMP(3), {@code Instant}
 * TIMESTAMP_LTZ(3).
 */
final class JavaFields {

    private static final Map<Class<?>, DataType> TYPES = Map.ofEntries(
            Map.entry(int.class, DataTypes.INT().withNullable(false)), Map.entry(Integer.class, DataTypes.INT()),
            Map.entry(long.class, DataTypes.BIGINT().withNullable(false)), Map.entry(Long.class, DataTypes.BIGINT()),
            Map.entry(double.class, DataTypes.DOUBLE().withNullable(false)), Map.entry(Double.class, DataTypes.DOUBLE()),
            Map.entry(boolean.class, DataTypes.BOOLEAN().withNullable(false)),
            Map.entry(Boolean.class, DataTypes.BOOLEAN()), Map.entry(String.class, DataTypes.STRING()),
            Map.entry(BigDecimal.class, DataTypes.DECIMAL(38, 18)), Map.entry(LocalDateTime.class, DataTypes.TIMESTAMP(3)),
            Map.entry(Instant.class, DataTypes.TIMESTAMP_LTZ(3)));

    private JavaFields() {}

    /** A field: its name, SQL type and how to read it. */
    record JavaField(String name, DataType type, Method getter, java.lang.reflect.Field field) {
        /**
         * A reader of this field: for a getter, a class made for it (as a lambda is made), which the
         * JIT inlines as it would a call written by hand; for a field, or where that cannot be made, a
         * method handle, which at least needs no argument array per call as {@code invoke} does.
         */
        Class<?> javaType() {
            return getter != null ? getter.getReturnType() : field.getType();
        }

        Reader reader() {
            Reader made = madeReader(Reader.class, Object.class);
            if (made != null) {
                return made;
            }
            java.lang.invoke.MethodHandle generic = handle().asType(java.lang.invoke.MethodType.methodType(Object.class,
                    Object.class));
            return element -> {
                try {
                    return generic.invokeExact(element);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new IllegalStateException("reading field '" + name + "' failed", e);
                }
            };
        }

        /** As {@link #reader()}, for a field of type {@code long}. */
        LongReader longReader() {
            LongReader made = madeReader(LongReader.class, long.class);
            if (made != null) {
                return made;
            }
            Reader boxed = reader();
            return element -> (Long) boxed.read(element);
        }

        /** A class made for the getter implementing {@code reader}, whose one method returns {@code result}; or null. */
        private <R> R madeReader(Class<R> reader, Class<?> result) {
            if (getter == null) {
                return null;
            }
            try {
                Class<?> owner = getter.getDeclaringClass();
                java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles.privateLookupIn(owner,
                        java.lang.invoke.MethodHandles.lookup());
                java.lang.invoke.MethodHandle handle = lookup.unreflect(getter);
                Class<?> returned = result.isPrimitive() || !getter.getReturnType().isPrimitive()
                        ? getter.getReturnType()
                        : java.lang.invoke.MethodType.methodType(getter.getReturnType()).wrap().returnType();
                return reader.cast(java.lang.invoke.LambdaMetafactory.metafactory(lookup, "read",
                        java.lang.invoke.MethodType.methodType(reader),
                        java.lang.invoke.MethodType.methodType(result, Object.class), handle,
                        java.lang.invoke.MethodType.methodType(returned, owner)).getTarget().invoke());
            } catch (Throwable e) {
                return null; // not open to a private lookup (another module): a method handle instead
            }
        }

        private java.lang.invoke.MethodHandle handle() {
            try {
                java.lang.reflect.AccessibleObject member = getter != null ? getter : field;
                member.trySetAccessible(); // a public member of a class nested in a non-public one
                return getter != null ? java.lang.invoke.MethodHandles.lookup().unreflect(getter)
                        : java.lang.invoke.MethodHandles.lookup().unreflectGetter(field);
            } catch (IllegalAccessException e) {
                throw new IllegalArgumentException("fromDataStream: field '" + name + "' cannot be read: " + e.getMessage(),
                        e);
            }
        }
    }

    /** Reads one field of an element; public, so that a reader class made in the element's package can implement it. */
    @FunctionalInterface
    public interface Reader {
        Object read(Object element);
    }

    /** Reads a {@code long} field of an element without boxing it. */
    @FunctionalInterface
    public interface LongReader {
        long read(Object element);
    }

    /**
     * The fields of {@code type}.
     *
     * @throws IllegalArgumentException naming a field whose Java type has no SQL type, or a class without fields
     */
    static List<JavaField> of(Class<?> type) {
        List<JavaField> fields = new ArrayList<>();
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                Method accessor = component.getAccessor();
                accessor.setAccessible(true);
                fields.add(new JavaField(component.getName(), sqlType(type, component.getName(), component.getType()),
                        accessor, null));
            }
        } else {
            for (java.lang.reflect.Field f : type.getFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(new JavaField(f.getName(), sqlType(type, f.getName(), f.getType()), null, f));
                }
            }
            for (Method m : type.getMethods()) {
                String property = property(m);
                if (property != null && fields.stream().noneMatch(f -> f.name().equals(property))) {
                    fields.add(new JavaField(property, sqlType(type, property, m.getReturnType()), m, null));
                }
            }
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("fromDataStream: " + type.getName() + " has no fields to be columns;"
                    + " use a record or a POJO, or declare the columns in the schema");
        }
        return fields;
    }

    // one reader class per field, whatever the number of jobs that read it: a call site that reads
    // fields stays monomorphic across jobs (a benchmark's iterations, a service's queries)
    private static final ClassValue<Map<String, Reader>> READERS = new ClassValue<>() {
        @Override
        protected Map<String, Reader> computeValue(Class<?> type) {
            return new java.util.concurrent.ConcurrentHashMap<>();
        }
    };

    private static final ClassValue<Map<String, LongReader>> LONG_READERS = new ClassValue<>() {
        @Override
        protected Map<String, LongReader> computeValue(Class<?> type) {
            return new java.util.concurrent.ConcurrentHashMap<>();
        }
    };

    /** A reader of the field {@code name} of {@code type}, made once. */
    static Reader reader(Class<?> type, String name) {
        return READERS.get(type).computeIfAbsent(name, n -> named(type, n).reader());
    }

    /** Whether {@code type} has a field {@code name} of the primitive type {@code long}. */
    static boolean isLong(Class<?> type, String name) {
        if (type == Object.class) {
            return false;
        }
        return of(type).stream().anyMatch(f -> f.name().equals(name) && f.javaType() == long.class);
    }

    /** A reader of the {@code long} field {@code name} of {@code type} (see {@link #isLong}), made once. */
    static LongReader longReader(Class<?> type, String name) {
        return LONG_READERS.get(type).computeIfAbsent(name, n -> named(type, n).longReader());
    }

    /** The field {@code name} of {@code type}, for a column the schema declares. */
    static JavaField named(Class<?> type, String name) {
        return of(type).stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("fromDataStream: " + type.getName() + " has no field '" + name + "'"));
    }

    private static String property(Method m) {
        if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
            return null;
        }
        String n = m.getName();
        int prefix = n.startsWith("get") && n.length() > 3 ? 3 : n.startsWith("is") && n.length() > 2
                && (m.getReturnType() == boolean.class || m.getReturnType() == Boolean.class) ? 2 : 0;
        return prefix == 0 ? null : n.substring(prefix, prefix + 1).toLowerCase(Locale.ROOT) + n.substring(prefix + 1);
    }

    private static DataType sqlType(Class<?> owner, String name, Class<?> javaType) {
        DataType type = TYPES.get(javaType);
        if (type == null) {
            throw new IllegalArgumentException("fromDataStream: field '" + name + "' of " + owner.getName() + " is a "
                    + javaType.getName() + ", which has no SQL type; map it to a supported one first");
        }
        return type;
    }
}
