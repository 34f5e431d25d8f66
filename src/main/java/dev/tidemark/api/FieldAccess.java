package dev.tidemark.api;

import dev.tidemark.api.tuple.Tuple;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one field of an element and makes a copy of the element with that field replaced, for
 * field aggregations. A field is named ({@code "f1"}, {@code "count"}, {@code "*"} for the element
 * itself) or given by position (tuples and records; position 0 of any other type is the element).
 * Copies leave the original alone, since it may have been emitted already.
 */
abstract class FieldAccess {

    /** The field's value in {@code element}. */
    abstract Object get(Object element) throws ReflectiveOperationException;

    /** A copy of {@code element} whose field is {@code value}. */
    abstract Object with(Object element, Object value) throws ReflectiveOperationException;

    /**
     * The access to {@code name} (when not null) or {@code position} on elements of {@code type}.
     *
     * @throws IllegalArgumentException naming the type and field, if it has no such field
     */
    static FieldAccess resolve(Class<?> type, String name, int position) throws ReflectiveOperationException {
        String field = name != null ? name : String.valueOf(position);
        if ("*".equals(name) || name == null && position == 0 && !Tuple.class.isAssignableFrom(type) && !type.isRecord()) {
            return new Whole();
        }
        if (Tuple.class.isAssignableFrom(type)) {
            int index = name == null ? position : tuplePosition(type, name);
            int arity = Tuple.newInstance(arityOf(type)).getArity();
            if (index < 0 || index >= arity) {
                throw new IllegalArgumentException("tuple has no such field: type=" + type.getName() + ", arity=" + arity
                        + ", field=" + field);
            }
            return new TupleField(index);
        }
        if (type.isRecord()) {
            return RecordField.of(type, name, position);
        }
        if (name == null) {
            throw new IllegalArgumentException("a field position must be used on tuples or records: type="
                    + type.getName() + ", position=" + position + "; name the field instead");
        }
        return PojoField.of(type, name);
    }

    private static int tuplePosition(Class<?> type, String name) {
        if (name.matches("f\\d{1,2}")) {
            return Integer.parseInt(name.substring(1));
        }
        throw new IllegalArgumentException("tuple fields are named f0, f1, ...: type=" + type.getName() + ", field=" + name);
    }

    private static int arityOf(Class<?> type) {
        for (int arity = 0; arity <= Tuple.MAX_ARITY; arity++) {
            if (Tuple.getTupleClass(arity).isAssignableFrom(type)) {
                return arity;
            }
        }
        throw new IllegalArgumentException("a tuple type must extend one of Tuple0 to Tuple25: type=" + type.getName());
    }

    /** The element itself. */
    private static final class Whole extends FieldAccess {
        @Override
        Object get(Object element) {
            return element;
        }

        @Override
        Object with(Object element, Object value) {
            return value;
        }
    }

    private static final class TupleField extends FieldAccess {
        private final int position;

        TupleField(int position) {
            this.position = position;
        }

        @Override
        Object get(Object element) {
            return ((Tuple) element).getField(position);
        }

        @Override
        Object with(Object element, Object value) {
            Tuple copy = ((Tuple) element).copy();
            copy.setField(value, position);
            return copy;
        }
    }

    private static final class RecordField extends FieldAccess {
        private final RecordComponent[] components;
        private final int index;
        private final Constructor<?> constructor;

        private RecordField(RecordComponent[] components, int index, Constructor<?> constructor) {
            this.components = components;
            this.index = index;
            this.constructor = constructor;
        }

        static RecordField of(Class<?> type, String name, int position) throws NoSuchMethodException {
            RecordComponent[] all = type.getRecordComponents();
            Class<?>[] types = new Class<?>[all.length];
            int found = name == null && position >= 0 && position < all.length ? position : -1;
            for (int i = 0; i < all.length; i++) {
                types[i] = all[i].getType();
                all[i].getAccessor().setAccessible(true);
                if (all[i].getName().equals(name)) {
                    found = i;
                }
            }
            if (found < 0) {
                throw new IllegalArgumentException("field must be a component of the record: type=" + type.getName()
                        + ", field=" + (name != null ? name : String.valueOf(position)));
            }
            Constructor<?> constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return new RecordField(all, found, constructor);
        }

        @Override
        Object get(Object element) throws ReflectiveOperationException {
            return components[index].getAccessor().invoke(element);
        }

        @Override
        Object with(Object element, Object value) throws ReflectiveOperationException {
            Object[] args = new Object[components.length];
            for (int i = 0; i < args.length; i++) {
                args[i] = i == index ? value : components[i].getAccessor().invoke(element);
            }
            return constructor.newInstance(args);
        }
    }

    /** A field of a POJO (a class with a no-argument constructor), copied field by field. */
    private static final class PojoField extends FieldAccess {
        private final Constructor<?> constructor;
        private final List<Field> fields;
        private final Field field;

        private PojoField(Constructor<?> constructor, List<Field> fields, Field field) {
            this.constructor = constructor;
            this.fields = fields;
            this.field = field;
        }

        static PojoField of(Class<?> type, String name) throws NoSuchMethodException {
            Constructor<?> constructor;
            try {
                constructor = type.getDeclaredConstructor();
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException("field aggregation must be used on tuples, records or POJOs (with a "
                        + "no-argument constructor): type=" + type.getName() + ", field=" + name
                        + "; use reduce(...) for other types");
            }
            constructor.setAccessible(true);
            List<Field> fields = new ArrayList<>();
            Field named = null;
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers())) {
                        continue;
                    }
                    f.setAccessible(true);
                    fields.add(f);
                    if (named == null && f.getName().equals(name)) {
                        named = f;
                    }
                }
            }
            if (named == null) {
                throw new IllegalArgumentException("field must be a field of the POJO: type=" + type.getName()
                        + ", field=" + name);
            }
            return new PojoField(constructor, fields, named);
        }

        @Override
        Object get(Object element) throws IllegalAccessException {
            return field.get(element);
        }

        @Override
        Object with(Object element, Object value) throws ReflectiveOperationException {
            Object copy = constructor.newInstance();
            for (Field f : fields) {
                f.set(copy, f == field ? value : f.get(element));
            }
            return copy;
        }
    }
}
