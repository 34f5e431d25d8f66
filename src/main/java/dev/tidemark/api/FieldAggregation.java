package dev.tidemark.api;

import dev.tidemark.runtime.operators.window.ReduceOnPanes;

/**
 * The rolling (or per-window) {@code sum}, {@code min}, {@code max}, {@code minBy} and
 * {@code maxBy} of one field of tuples, records or POJOs, or of the element itself (field
 * {@code "*"}, or position 0 of a type without fields), as Flink computes them.
 *
 * <p>{@code sum}, {@code min} and {@code max} keep the <em>first</em> element and replace only the
 * aggregated field, while {@code minBy} and {@code maxBy} keep the whole element that holds the
 * extreme value; on ties, the first one, or the last one when {@code first} is false.
 */
final class FieldAggregation<T> implements ReduceOnPanes<T> {

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
        Object a = fieldOf(current);
        Object b = fieldOf(next);
        return switch (kind) {
            case SUM, MIN, MAX -> {
                Object combined = combine(a, b);
                yield combined == a && kind != Kind.SUM ? current : withField(current, combined);
            }
            case MIN_BY -> {
                int order = compare(b, a);
                yield order < 0 || order == 0 && !first ? next : current;
            }
            case MAX_BY -> {
                int order = compare(b, a);
                yield order > 0 || order == 0 && !first ? next : current;
            }
        };
    }

    /**
     * {@code sum}, {@code min} or {@code max} as an aggregate that keeps the first element and the
     * field, for sliding windows that share panes while the fields allow; {@code null} for
     * {@code minBy} and {@code maxBy}, which keep whole elements.
     */
    @Override
    public ReduceOnPanes.Aggregate<T> onPanes() {
        return keepsFirstElement() ? new WindowFieldAggregate<>(this) : null;
    }

    /** Whether the result is the first element with the one field replaced ({@code sum}, {@code min}, {@code max}). */
    boolean keepsFirstElement() {
        return kind == Kind.SUM || kind == Kind.MIN || kind == Kind.MAX;
    }

    /**
     * The aggregated field of {@code a} and {@code b}, the field values of an earlier and a later
     * element: their sum, or the smaller (larger) one, {@code a} on ties. For {@code sum},
     * {@code min} and {@code max} only.
     */
    Object combine(Object a, Object b) {
        return switch (kind) {
            case SUM -> add(a, b);
            case MIN -> compare(b, a) < 0 ? b : a;
            case MAX -> compare(b, a) > 0 ? b : a;
            default -> throw new IllegalStateException(describe() + " keeps whole elements, not a field");
        };
    }

    /**
     * Whether {@link #combine} gives the same value in any grouping and order of its inputs when the
     * field is {@code value}'s type: integral sums wrap around alike whatever the order; a minimum
     * or maximum of values that are equal whenever they compare equal (boxed primitives, strings)
     * is one value, whoever reaches it first. Floating-point sums round by order, and other
     * comparable types may tie on distinct values (e.g. {@code BigDecimal} 1.0 and 1.00).
     */
    boolean exactInAnyOrder(Object value) {
        Class<?> type = value == null ? null : value.getClass();
        boolean integral = type == Integer.class || type == Long.class || type == Short.class || type == Byte.class;
        return switch (kind) {
            case SUM -> integral;
            case MIN, MAX -> integral || type == Double.class || type == Float.class || type == Character.class
                    || type == Boolean.class || type == String.class;
            default -> false;
        };
    }

    /** The aggregated field of {@code element}. */
    Object fieldOf(Object element) {
        try {
            return accessTo(element).get(element);
        } catch (ReflectiveOperationException e) {
            throw reflectionFailed("read", e);
        }
    }

    /** A copy of {@code element} with the aggregated field set to {@code value}. */
    @SuppressWarnings("unchecked")
    T withField(Object element, Object value) {
        try {
            return (T) accessTo(element).with(element, value);
        } catch (ReflectiveOperationException e) {
            throw reflectionFailed("copy", e);
        }
    }

    /** The field's access, resolved on the class of the first element it is used on. */
    private FieldAccess accessTo(Object element) throws ReflectiveOperationException {
        if (access == null) {
            access = FieldAccess.resolve(element.getClass(), name, position);
        }
        return access;
    }

    private RuntimeException reflectionFailed(String what, ReflectiveOperationException e) {
        Throwable cause = e instanceof java.lang.reflect.InvocationTargetException target ? target.getCause() : e;
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new IllegalStateException(describe() + " could not " + what + " the field: " + cause, cause);
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
