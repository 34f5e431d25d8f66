package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.table.DataType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a table's rows into objects of a record or POJO class whose fields are named as the
 * table's columns (in any order), as {@code toDataStream(table, Class)} does: a record through its
 * canonical constructor, a POJO through its public no-argument constructor and public fields. A
 * field's Java type must be the one {@code fromDataStream} maps to the column's SQL type.
 */
public final class ToObjects<T> implements MapFunction<Object[], T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final int[] columns; // per field of the class, in its order: the column it takes
    private final List<String> names;
    private transient Constructor<T> constructor;
    private transient java.lang.reflect.Field[] pojoFields;
    private transient boolean[] primitive; // per field: a NULL cannot go into it

    private ToObjects(Class<T> type, int[] columns, List<String> names) {
        this.type = type;
        this.columns = columns;
        this.names = names;
    }

    /**
     * @throws IllegalArgumentException naming the fields and columns that do not match
     */
    public static <T> ToObjects<T> of(Class<T> type, List<Field> fields) {
        List<JavaFields.JavaField> javaFields = JavaFields.of(type);
        if (!type.isRecord()) {
            javaFields.removeIf(f -> f.field() == null); // a POJO is set through its public fields
            try {
                type.getConstructor();
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException("toDataStream: " + type.getName() + " is neither a record nor a POJO"
                        + " with a public no-argument constructor");
            }
        }
        List<String> columnNames = fields.stream().map(Field::name).toList();
        List<String> fieldNames = javaFields.stream().map(JavaFields.JavaField::name).toList();
        if (!(columnNames.containsAll(fieldNames) && fieldNames.containsAll(columnNames))) {
            throw new IllegalArgumentException("toDataStream: the columns " + columnNames + " and the fields of "
                    + type.getSimpleName() + " " + fieldNames + " must have the same names");
        }
        int[] columns = new int[javaFields.size()];
        for (int i = 0; i < columns.length; i++) {
            JavaFields.JavaField field = javaFields.get(i);
            columns[i] = columnNames.indexOf(field.name());
            DataType column = fields.get(columns[i]).type();
            if (column.root() != field.type().root()) {
                throw new IllegalArgumentException("toDataStream: column '" + field.name() + "' is " + column.regular().withNullable(true)
                        + ", and field '" + field.name() + "' of " + type.getSimpleName() + " takes " + field.type()
                        .regular().withNullable(true) + "; CAST the column or change the field");
            }
        }
        return new ToObjects<>(type, columns, fieldNames);
    }

    @Override
    public T map(Object[] row) throws Exception {
        if (constructor == null) {
            open();
        }
        if (pojoFields == null) {
            Object[] arguments = new Object[columns.length];
            for (int i = 0; i < columns.length; i++) {
                arguments[i] = value(row, i);
            }
            return constructor.newInstance(arguments);
        }
        T object = constructor.newInstance();
        for (int i = 0; i < columns.length; i++) {
            pojoFields[i].set(object, value(row, i));
        }
        return object;
    }

    private Object value(Object[] row, int field) {
        Object value = row[columns[field]];
        if (value == null && primitive[field]) {
            throw new IllegalArgumentException("toDataStream: column '" + names.get(field) + "' is NULL, and field '"
                    + names.get(field) + "' of " + type.getSimpleName() + " is a primitive; make it a boxed type");
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private void open() throws NoSuchMethodException {
        if (type.isRecord()) {
            Class<?>[] parameters = java.util.Arrays.stream(type.getRecordComponents())
                    .map(java.lang.reflect.RecordComponent::getType).toArray(Class<?>[]::new);
            constructor = type.getDeclaredConstructor(parameters);
            primitive = new boolean[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                primitive[i] = parameters[i].isPrimitive();
            }
        } else {
            constructor = type.getConstructor();
            List<java.lang.reflect.Field> set = new ArrayList<>();
            for (String name : names) {
                try {
                    java.lang.reflect.Field f = type.getField(name);
                    if (Modifier.isFinal(f.getModifiers())) {
                        throw new IllegalArgumentException("toDataStream: field '" + name + "' of " + type.getSimpleName()
                                + " is final");
                    }
                    set.add(f);
                } catch (NoSuchFieldException e) {
                    throw new IllegalStateException(e);
                }
            }
            pojoFields = set.toArray(java.lang.reflect.Field[]::new);
            primitive = new boolean[pojoFields.length];
            for (int i = 0; i < pojoFields.length; i++) {
                primitive[i] = pojoFields[i].getType().isPrimitive();
            }
        }
        constructor.trySetAccessible();
    }
}
