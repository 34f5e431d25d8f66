package dev.tidemark.runtime.flink;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The format {@link TidemarkSerializer} writes a value in: a tag, then the value. Strings, boxed
 * primitives and records (component by component, named by their class once per value) are
 * written directly; anything else in Tidemark's state format (Java serialization). A record of
 * strings and numbers, the usual event type, so costs a class name and its fields, not an object
 * stream per element.
 */
final class ValueCodec {

    private static final int NULL = 0;
    private static final int STRING = 1;
    private static final int LONG = 2;
    private static final int INTEGER = 3;
    private static final int DOUBLE = 4;
    private static final int BOOLEAN = 5;
    private static final int RECORD = 6;
    private static final int SERIALIZED = 7;

    /** How each record class is taken apart and put together again. */
    private static final ClassValue<RecordForm> FORMS = new ClassValue<>() {
        @Override
        protected RecordForm computeValue(Class<?> type) {
            return RecordForm.of(type);
        }
    };

    private static final Map<String, Class<?>> CLASSES = new ConcurrentHashMap<>();

    private ValueCodec() {}

    static void write(Object value, DataOutput out) throws IOException {
        if (value == null) {
            out.writeByte(NULL);
        } else if (value instanceof String s) {
            out.writeByte(STRING);
            out.writeUTF(s);
        } else if (value instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (value instanceof Integer i) {
            out.writeByte(INTEGER);
            out.writeInt(i);
        } else if (value instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (value instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeBoolean(b);
        } else if (value instanceof Record record && FORMS.get(record.getClass()).writable()) {
            out.writeByte(RECORD);
            out.writeUTF(record.getClass().getName());
            FORMS.get(record.getClass()).write(record, out);
        } else {
            byte[] bytes = TidemarkSerializer.FORMAT.serialize(value);
            out.writeByte(SERIALIZED);
            out.writeInt(bytes.length);
            out.write(bytes);
        }
    }

    static Object read(DataInput in) throws IOException {
        int tag = in.readByte();
        switch (tag) {
            case NULL:
                return null;
            case STRING:
                return in.readUTF();
            case LONG:
                return in.readLong();
            case INTEGER:
                return in.readInt();
            case DOUBLE:
                return in.readDouble();
            case BOOLEAN:
                return in.readBoolean();
            case RECORD:
                return FORMS.get(type(in.readUTF())).read(in);
            case SERIALIZED:
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                return TidemarkSerializer.FORMAT.deserialize(bytes);
            default:
                throw new IOException("not a value in Tidemark's format: tag " + tag);
        }
    }

    private static Class<?> type(String name) throws IOException {
        Class<?> type = CLASSES.get(name);
        if (type == null) {
            try {
                ClassLoader loader = Thread.currentThread().getContextClassLoader();
                type = Class.forName(name, false, loader != null ? loader : ValueCodec.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IOException("record class not found: " + name, e);
            }
            CLASSES.put(name, type);
        }
        return type;
    }

    /** A record's components, read through their accessors and passed to its canonical constructor. */
    private record RecordForm(Class<?>[] types, MethodHandle[] accessors, MethodHandle constructor) {

        static RecordForm of(Class<?> type) {
            if (!type.isRecord()) {
                return new RecordForm(null, null, null);
            }
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            MethodHandle[] accessors = new MethodHandle[components.length];
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
                for (int i = 0; i < components.length; i++) {
                    types[i] = components[i].getType();
                    accessors[i] = lookup.unreflect(components[i].getAccessor())
                            .asType(MethodType.methodType(Object.class, Object.class));
                }
                MethodHandle constructor = lookup.findConstructor(type, MethodType.methodType(void.class, types))
                        .asSpreader(Object[].class, types.length)
                        .asType(MethodType.methodType(Object.class, Object[].class));
                return new RecordForm(types, accessors, constructor);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return new RecordForm(null, null, null); // not reachable from here: Java serialization instead
            }
        }

        boolean writable() {
            return constructor != null;
        }

        void write(Object record, DataOutput out) throws IOException {
            for (int i = 0; i < types.length; i++) {
                Object component;
                try {
                    component = accessors[i].invokeExact(record);
                } catch (Throwable t) {
                    throw new IOException("could not read component " + i + " of " + record.getClass().getName(), t);
                }
                Class<?> type = types[i];
                if (type == long.class) {
                    out.writeLong((Long) component);
                } else if (type == int.class) {
                    out.writeInt((Integer) component);
                } else if (type == double.class) {
                    out.writeDouble((Double) component);
                } else if (type == boolean.class) {
                    out.writeBoolean((Boolean) component);
                } else {
                    ValueCodec.write(component, out); // references, and the rarer primitives boxed and tagged
                }
            }
        }

        Object read(DataInput in) throws IOException {
            Object[] components = new Object[types.length];
            for (int i = 0; i < types.length; i++) {
                Class<?> type = types[i];
                if (type == long.class) {
                    components[i] = in.readLong();
                } else if (type == int.class) {
                    components[i] = in.readInt();
                } else if (type == double.class) {
                    components[i] = in.readDouble();
                } else if (type == boolean.class) {
                    components[i] = in.readBoolean();
                } else {
                    components[i] = ValueCodec.read(in);
                }
            }
            try {
                return constructor.invokeExact(components);
            } catch (Throwable t) {
                throw new IOException("could not make a " + constructor.type() + " from its components", t);
            }
        }
    }
}
