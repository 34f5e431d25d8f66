package dev.tidemark.api.tuple;

import java.util.Objects;

/**
 * A tuple of 3 fields, public as {@code f0, f1, f2}.
 *
 * @param <T0> the type of field 0
 * @param <T1> the type of field 1
 * @param <T2> the type of field 2
 */
public class Tuple3<T0, T1, T2> extends Tuple {

    private static final long serialVersionUID = 1L;

    /** Field 0. */
    public T0 f0;

    /** Field 1. */
    public T1 f1;

    /** Field 2. */
    public T2 f2;

    /** All fields {@code null}. */
    public Tuple3() {}

    public Tuple3(T0 f0, T1 f1, T2 f2) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
    }

    /** A new tuple of these values. */
    public static <T0, T1, T2> Tuple3<T0, T1, T2> of(T0 f0, T1 f1, T2 f2) {
        return new Tuple3<>(f0, f1, f2);
    }

    @Override
    public int getArity() {
        return 3;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getField(int pos) {
        return switch (pos) {
            case 0 -> (T) this.f0;
            case 1 -> (T) this.f1;
            case 2 -> (T) this.f2;
            default -> throw noField(pos, 3);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> void setField(T value, int pos) {
        switch (pos) {
            case 0 -> this.f0 = (T0) value;
            case 1 -> this.f1 = (T1) value;
            case 2 -> this.f2 = (T2) value;
            default -> throw noField(pos, 3);
        }
    }

    /** Sets every field. */
    public void setFields(T0 f0, T1 f1, T2 f2) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple3<T0, T1, T2> copy() {
        return new Tuple3<>(f0, f1, f2);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tuple3<?, ?, ?> other)) {
            return false;
        }
        return Objects.equals(f0, other.f0) && Objects.equals(f1, other.f1) && Objects.equals(f2, other.f2);
    }

    @Override
    public int hashCode() {
        int result = Objects.hashCode(f0);
        result = 31 * result + Objects.hashCode(f1);
        result = 31 * result + Objects.hashCode(f2);
        return result;
    }

    /** {@code (f0,f1,f2)}. */
    @Override
    public String toString() {
        return "(" + text(f0) + "," + text(f1) + "," + text(f2) + ")";
    }
}
