package dev.tidemark.api.tuple;

import java.util.Objects;

/**
 * A tuple of 1 field, public as {@code f0}.
 *
 * @param <T0> the type of field 0
 */
public class Tuple1<T0> extends Tuple {

    private static final long serialVersionUID = 1L;

    /** Field 0. */
    public T0 f0;

    /** All fields {@code null}. */
    public Tuple1() {}

    public Tuple1(T0 f0) {
        this.f0 = f0;
    }

    /** A new tuple of these values. */
    public static <T0> Tuple1<T0> of(T0 f0) {
        return new Tuple1<>(f0);
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getField(int pos) {
        return switch (pos) {
            case 0 -> (T) this.f0;
            default -> throw noField(pos, 1);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> void setField(T value, int pos) {
        switch (pos) {
            case 0 -> this.f0 = (T0) value;
            default -> throw noField(pos, 1);
        }
    }

    /** Sets every field. */
    public void setFields(T0 f0) {
        this.f0 = f0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple1<T0> copy() {
        return new Tuple1<>(f0);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tuple1<?> other)) {
            return false;
        }
        return Objects.equals(f0, other.f0);
    }

    @Override
    public int hashCode() {
        int result = Objects.hashCode(f0);

        return result;
    }

    /** {@code (f0)}. */
    @Override
    public String toString() {
        return "(" + text(f0) + ")";
    }
}
