package dev.tidemark.api;

import dev.tidemark.api.functions.ReduceFunction;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Objects;

/**
 * The rolling {@code sum}, {@code min}, {@code max}, {@code minBy} and {@code maxBy} of a keyed
 * stream, on a component of a record (or on the element itself with field {@code "*"}).
 *
 * <p>As in Flink, {@code sum}, {@code min} and {@code max} keep the <em>first</em> element of the key
 * and replace only the aggregated field, while {@code minBy} and {@code maxBy} keep the whole element
 * that holds the extreme value (the first one on ties).
 */
final class FieldAggregation<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    enum Kind { SUM, MIN, MAX, MIN_BY, MAX_BY }

    private final Kind kind;
    private final String field;
    private transient RecordComponent[] components;
    private transient int index;
    private transient Constructor<?> constructor;

    FieldAggregation(Kind kind, String field) {
        this.kind = kind;
        this.field = Objects.requireNonNull(field, "field must not be null");
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(T first, T next) throws Exception {
        Object a = get(first);
        Object b = get(next);
        return switch (kind) {
            case SUM -> with(first, add((Number) a, (Number) b));
            case MIN -> compare(b, a) < 0 ? with(first, b) : first;
            case MAX -> compare(b, a) > 0 ? with(first, b) : first;
            case MIN_BY -> compare(b, a) < 0 ? next : first;
            case MAX_BY -> compare(b, a) > 0 ? next : first;
        };
    }

    private Object get(T element) throws Exception {
        if (field.equals("*")) {
            return element;
        }
        resolve(element.getClass());
        return components[index].getAccessor().invoke(element);
    }

    @SuppressWarnings("unchecked")
    private T with(T element, Object value) throws Exception {
        if (field.equals("*")) {
            return (T) value;
        }
        Object[] args = new Object[components.length];
        for (int i = 0; i < args.length; i++) {
            args[i] = i == index ? value : components[i].getAccessor().invoke(element);
        }
        return (T) constructor.newInstance(args);
    }

    private void resolve(Class<?> type) throws NoSuchMethodException {
        if (components != null) {
            return;
        }
        if (!type.isRecord()) {
            throw new IllegalArgumentException("field aggregation must be used on records or with field \"*\": type="
                    + type.getName() + ", field=" + field + "; use reduce(...) for other types");
        }
        RecordComponent[] all = type.getRecordComponents();
        Class<?>[] types = new Class<?>[all.length];
        int found = -1;
        for (int i = 0; i < all.length; i++) {
            types[i] = all[i].getType();
            all[i].getAccessor().setAccessible(true);
            if (all[i].getName().equals(field)) {
                found = i;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException("field must be a component of the record: type=" + type.getName()
                    + ", field=" + field);
        }
        constructor = type.getDeclaredConstructor(types);
        constructor.setAccessible(true);
        index = found;
        components = all;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static Number add(Number a, Number b) {
        if (a instanceof Integer && b instanceof Integer) {
            return a.intValue() + b.intValue();
        }
        if (a instanceof Long && b instanceof Long) {
            return a.longValue() + b.longValue();
        }
        if (a instanceof Float && b instanceof Float) {
            return a.floatValue() + b.floatValue();
        }
        if (a instanceof Double && b instanceof Double) {
            return a.doubleValue() + b.doubleValue();
        }
        if (a instanceof Short && b instanceof Short) {
            return (short) (a.shortValue() + b.shortValue());
        }
        throw new IllegalArgumentException("sum must be used on int, long, float, double or short fields: type="
                + a.getClass().getName());
    }
}
