package dev.tidemark.api.tuple;

import java.util.Objects;

/**
 * A tuple of 5 fields, public as {@code f0, f1, f2, ...}.
 *
 * @param <T0> the type of field 0
 * @param <T1> the type of field 1
 * @param <T2> the type of field 2
 * @param <T3> the type of field 3
 * @param <T4> the type of field 4
 */
public class Tuple5<T0, T1, T2, T3, T4> extends Tuple {

    private static final long serialVersionUID = 1L;

    /** Field 0. */
    public T0 f0;

    /** Field 1. */
    public T1 f1;

    /** Field 2. */
    public T2 f2;

    /** Field 3. */
    public T3 f3;

    /** Field 4. */
    public T4 f4;

    /** All fields {@code null}. */
    public Tuple5() {}

    public Tuple5(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
        this.f4 = f4;
    }

    /** A new tuple of these values. */
    public static <T0, T1, T2, T3, T4> Tuple5<T0, T1, T2, T3, T4> of(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4) {
        return new Tuple5<>(f0, f1, f2, f3, f4);
    }

    @Override
    public int getArity() {
        return 5;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getField(int pos) {
        return switch (pos) {
            case 0 -> (T) this.f0;
            case 1 -> (T) this.f1;
            case 2 -> (T) this.f2;
            case 3 -> (T) this.f3;
            case 4 -> (T) this.f4;
            default -> throw noField(pos, 5);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> void setField(T value, int pos) {
        switch (pos) {
            case 0 -> this.f0 = (T0) value;
            case 1 -> this.f1 = (T1) value;
            case 2 -> this.f2 = (T2) value;
            case 3 -> this.f3 = (T3) value;
            case 4 -> this.f4 = (T4) value;
            default -> throw noField(pos, 5);
        }
    }

    /** Sets every field. */
    public void setFields(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
        this.f4 = f4;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple5<T0, T1, T2, T3, T4> copy() {
        return new Tuple5<>(f0, f1, f2, f3, f4);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tuple5<?, ?, ?, ?, ?> other)) {
            return false;
        }
        return Objects.equals(f0, other.f0) && Objects.equals(f1, other.f1) && Objects.equals(f2, other.f2) && Objects.equals(f3, other.f3) && Objects.equals(f4, other.f4);
    }

    @Override
    public int hashCode() {
        int result = Objects.hashCode(f0);
        result = 31 * result + Objects.hashCode(f1);
        result = 31 * result + Objects.hashCode(f2);
        result = 31 * result + Objects.hashCode(f3);
        result = 31 * result + Objects.hashCode(f4);
        return result;
    }

    /** {@code (f0,f1,f2,f3,f4)}. */
    @Override
    public String toString() {
        return "(" + text(f0) + "," + text(f1) + "," + text(f2) + "," + text(f3) + "," + text(f4) + ")";
    }
}
