package dev.tidemark.api;

import dev.tidemark.api.functions.ReduceFunction;

/**
 * The rolling (or per-window) {@code sum}, {@code min}, {@code max}, {@code minBy} and
 * {@code maxBy} of one field of tuples, records or POJOs, or of the element itself (field
 * {@code "*"}, or position 0 of a type without fields), as Flink computes them.
 *
 * <p>{@code sum}, {@code min} and {@code max} keep the <em>first</em> element and replace only the
 * aggregated field, while {@code minBy} and {@code maxBy} keep the whole element that holds the
 * extreme value; on ties, the first one, or the last one when {@code first} is false.
 */
final class FieldAggregation<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    enum Kind { SUM, MIN, MAX, MIN_BY, MAX_BY }

    private final Kind kind;
    private final String name; // null when the field is given by position
    private final int position;
    private final boolean first;
    private transient FieldAccess access;

    private FieldAggregation(Kind kind, String name, int position, boolean first) {
        this.kind = kind;
        this.name = name;
        this.position = position;
        this.first = first;
    }

    static <T> FieldAggregation<T> named(Kind kind, String field, boolean first) {
        if (field == null || field.isBlank()) {
            throw new IllegalArgumentException("field must be named: aggregation=" + kind);
        }
        return new FieldAggregation<>(kind, field, -1, first);
    }

    static <T> FieldAggregation<T> at(Kind kind, int position, boolean first) {
        if (position < 0) {
            throw new IllegalArgumentException("field position must not be negative: aggregation=" + kind
                    + ", position=" + position);
        }
        return new FieldAggregation<>(kind, null, position, first);
    }

    /** How the operator is named: {@code Sum(f1)}, {@code MinBy(2)}. */
    String describe() {
        String kindName = switch (kind) {
            case SUM -> "Sum";
            case MIN -> "Min";
            case MAX -> "Max";
            case MIN_BY -> "MinBy";
            case MAX_BY -> "MaxBy";
        };
        return kindName + "(" + (name != null ? name : String.valueOf(position)) + ")";
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(T current, T next) throws Exception {
        if (access == null) {
            access = FieldAccess.resolve(current.getClass(), name, position);
        }
        Object a = access.get(current);
        Object b = access.get(next);
        int order = kind == Kind.SUM ? 0 : compare(b, a);
        return switch (kind) {
            case SUM -> (T) access.with(current, add(a, b));
            case MIN -> order < 0 ? (T) access.with(current, b) : current;
            case MAX -> order > 0 ? (T) access.with(current, b) : current;
            case MIN_BY -> order < 0 || order == 0 && !first ? next : current;
            case MAX_BY -> order > 0 || order == 0 && !first ? next : current;
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private int compare(Object a, Object b) {
        if (!(a instanceof Comparable) || b == null) {
            throw new IllegalArgumentException(describe() + " must be used on a comparable field that is never null: "
                    + "value=" + a + ", other=" + b);
        }
        return ((Comparable) a).compareTo(b);
    }

    private Object add(Object a, Object b) {
        if (a instanceof Integer x && b instanceof Integer y) {
            return x + y;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return x + y;
        }
        if (a instanceof Double x && b instanceof Double y) {
            return x + y;
        }
        if (a instanceof Float x && b instanceof Float y) {
            return x + y;
        }
        if (a instanceof Short x && b instanceof Short y) {
            return (short) (x + y);
        }
        if (a instanceof Byte x && b instanceof Byte y) {
            return (byte) (x + y);
        }
        throw new IllegalArgumentException(describe() + " must be used on a byte, short, int, long, float or double "
                + "field: type=" + (a == null ? "null" : a.getClass().getName()));
    }
}
