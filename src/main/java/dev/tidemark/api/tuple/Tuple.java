package dev.tidemark.api.tuple;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * A fixed number of fields of any type, read and written by position: the base of {@link Tuple0}
 * to {@link Tuple25}, whose fields are public ({@code f0}, {@code f1}, ...). Tuples are values:
 * equal when their fields are, hashed from their fields, printed as {@code (a,b,c)}. They are
 * mutable, as in Flink; a function must not change one after emitting it.
 */
public abstract class Tuple implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The largest arity there is a class for. */
    public static final int MAX_ARITY = 25;

    private static final Class<?>[] CLASSES = {
        Tuple0.class,
        Tuple1.class,
        Tuple2.class,
        Tuple3.class,
        Tuple4.class,
        Tuple5.class,
        Tuple6.class,
        Tuple7.class,
        Tuple8.class,
        Tuple9.class,
        Tuple10.class,
        Tuple11.class,
        Tuple12.class,
        Tuple13.class,
        Tuple14.class,
        Tuple15.class,
        Tuple16.class,
        Tuple17.class,
        Tuple18.class,
        Tuple19.class,
        Tuple20.class,
        Tuple21.class,
        Tuple22.class,
        Tuple23.class,
        Tuple24.class,
        Tuple25.class
    };

    /** The field at {@code pos}, from 0. */
    public abstract <T> T getField(int pos);

    /** Sets the field at {@code pos}, from 0; the value's type is not checked. */
    public abstract <T> void setField(T value, int pos);

    /** How many fields it has. */
    public abstract int getArity();

    /** A new tuple with the same field values (not copies of them). */
    public abstract <T extends Tuple> T copy();

    /**
     * The field at {@code pos}, which must not be {@code null}.
     *
     * @throws NullPointerException naming the position, if it is
     */
    public <T> T getFieldNotNull(int pos) {
        T field = getField(pos);
        if (field == null) {
            throw new NullPointerException("tuple field must not be null: position=" + pos + ", tuple=" + this);
        }
        return field;
    }

    /** The class of tuples with {@code arity} fields. */
    @SuppressWarnings("unchecked")
    public static Class<? extends Tuple> getTupleClass(int arity) {
        if (arity < 0 || arity > MAX_ARITY) {
            throw new IllegalArgumentException("tuple arity must be between 0 and " + MAX_ARITY + ": arity=" + arity);
        }
        return (Class<? extends Tuple>) CLASSES[arity];
    }

    /** A tuple of {@code arity} fields, all {@code null}. */
    public static Tuple newInstance(int arity) {
        if (arity == 0) {
            return Tuple0.INSTANCE;
        }
        try {
            return getTupleClass(arity).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a tuple of arity " + arity, e);
        }
    }

    /** {@code IndexOutOfBoundsException} for position {@code pos} of a tuple of {@code arity} fields. */
    static IndexOutOfBoundsException noField(int pos, int arity) {
        return new IndexOutOfBoundsException("tuple has no field at position " + pos + ": arity=" + arity);
    }

    /** A field as it is printed: arrays show their elements. */
    static String text(Object field) {
        if (field == null || !field.getClass().isArray()) {
            return String.valueOf(field);
        }
        if (field instanceof Object[] objects) {
            return Arrays.deepToString(objects);
        }
        Object[] boxed = new Object[Array.getLength(field)];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = Array.get(field, i);
        }
        return Arrays.toString(boxed);
    }
}
