package dev.tidemark.api.tuple;

import java.util.Objects;

/**
 * A tuple of 2 fields, public as {@code f0, f1}.
 *
 * @param <T0> the type of field 0
 * @param <T1> the type of field 1
 */
public class Tuple2<T0, T1> extends Tuple {

    private static final long serialVersionUID = 1L;

    /** Field 0. */
    public T0 f0;

    /** Field 1. */
    public T1 f1;

    /** All fields {@code null}. */
    public Tuple2() {}

    public Tuple2(T0 f0, T1 f1) {
        this.f0 = f0;
        this.f1 = f1;
    }

    /** A new tuple of these values. */
    public static <T0, T1> Tuple2<T0, T1> of(T0 f0, T1 f1) {
        return new Tuple2<>(f0, f1);
    }

    @Override
    public int getArity() {
        return 2;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getField(int pos) {
        return switch (pos) {
            case 0 -> (T) this.f0;
            case 1 -> (T) this.f1;
            default -> throw noField(pos, 2);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> void setField(T value, int pos) {
        switch (pos) {
            case 0 -> this.f0 = (T0) value;
            case 1 -> this.f1 = (T1) value;
            default -> throw noField(pos, 2);
        }
    }

    /** Sets every field. */
    public void setFields(T0 f0, T1 f1) {
        this.f0 = f0;
        this.f1 = f1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple2<T0, T1> copy() {
        return new Tuple2<>(f0, f1);
    }

    /** A new tuple with the two fields exchanged. */
    public Tuple2<T1, T0> swap() {
        return new Tuple2<>(f1, f0);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tuple2<?, ?> other)) {
            return false;
        }
        return Objects.equals(f0, other.f0) && Objects.equals(f1, other.f1);
    }

    @Override
    public int hashCode() {
        int result = Objects.hashCode(f0);
        result = 31 * result + Objects.hashCode(f1);
        return result;
    }

    /** {@code (f0,f1)}. */
    @Override
    public String toString() {
        return "(" + text(f0) + "," + text(f1) + ")";
    }
}
