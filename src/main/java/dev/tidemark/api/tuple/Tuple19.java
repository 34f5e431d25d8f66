package dev.tidemark.api.tuple;

import java.util.Objects;

/**
 * A tuple of 19 fields, public as {@code f0, f1, f2, ...}.
 *
 * @param <T0> the type of field 0
 * @param <T1> the type of field 1
 * @param <T2> the type of field 2
 * @param <T3> the type of field 3
 * @param <T4> the type of field 4
 * @param <T5> the type of field 5
 * @param <T6> the type of field 6
 * @param <T7> the type of field 7
 * @param <T8> the type of field 8
 * @param <T9> the type of field 9
 * @param <T10> the type of field 10
 * @param <T11> the type of field 11
 * @param <T12> the type of field 12
 * @param <T13> the type of field 13
 * @param <T14> the type of field 14
 * @param <T15> the type of field 15
 * @param <T16> the type of field 16
 * @param <T17> the type of field 17
 * @param <T18> the type of field 18
 */
public class Tuple19<T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> extends Tuple {

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

    /** Field 5. */
    public T5 f5;

    /** Field 6. */
    public T6 f6;

    /** Field 7. */
    public T7 f7;

    /** Field 8. */
    public T8 f8;

    /** Field 9. */
    public T9 f9;

    /** Field 10. */
    public T10 f10;

    /** Field 11. */
    public T11 f11;

    /** Field 12. */
    public T12 f12;

    /** Field 13. */
    public T13 f13;

    /** Field 14. */
    public T14 f14;

    /** Field 15. */
    public T15 f15;

    /** Field 16. */
    public T16 f16;

    /** Field 17. */
    public T17 f17;

    /** Field 18. */
    public T18 f18;

    /** All fields {@code null}. */
    public Tuple19() {}

    public Tuple19(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4, T5 f5, T6 f6, T7 f7, T8 f8, T9 f9, T10 f10, T11 f11, T12 f12, T13 f13, T14 f14, T15 f15, T16 f16, T17 f17, T18 f18) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
        this.f4 = f4;
        this.f5 = f5;
        this.f6 = f6;
        this.f7 = f7;
        this.f8 = f8;
        this.f9 = f9;
        this.f10 = f10;
        this.f11 = f11;
        this.f12 = f12;
        this.f13 = f13;
        this.f14 = f14;
        this.f15 = f15;
        this.f16 = f16;
        this.f17 = f17;
        this.f18 = f18;
    }

    /** A new tuple of these values. */
    public static <T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> Tuple19<T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> of(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4, T5 f5, T6 f6, T7 f7, T8 f8, T9 f9, T10 f10, T11 f11, T12 f12, T13 f13, T14 f14, T15 f15, T16 f16, T17 f17, T18 f18) {
        return new Tuple19<>(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18);
    }

    @Override
    public int getArity() {
        return 19;
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
            case 5 -> (T) this.f5;
            case 6 -> (T) this.f6;
            case 7 -> (T) this.f7;
            case 8 -> (T) this.f8;
            case 9 -> (T) this.f9;
            case 10 -> (T) this.f10;
            case 11 -> (T) this.f11;
            case 12 -> (T) this.f12;
            case 13 -> (T) this.f13;
            case 14 -> (T) this.f14;
            case 15 -> (T) this.f15;
            case 16 -> (T) this.f16;
            case 17 -> (T) this.f17;
            case 18 -> (T) this.f18;
            default -> throw noField(pos, 19);
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
            case 5 -> this.f5 = (T5) value;
            case 6 -> this.f6 = (T6) value;
            case 7 -> this.f7 = (T7) value;
            case 8 -> this.f8 = (T8) value;
            case 9 -> this.f9 = (T9) value;
            case 10 -> this.f10 = (T10) value;
            case 11 -> this.f11 = (T11) value;
            case 12 -> this.f12 = (T12) value;
            case 13 -> this.f13 = (T13) value;
            case 14 -> this.f14 = (T14) value;
            case 15 -> this.f15 = (T15) value;
            case 16 -> this.f16 = (T16) value;
            case 17 -> this.f17 = (T17) value;
            case 18 -> this.f18 = (T18) value;
            default -> throw noField(pos, 19);
        }
    }

    /** Sets every field. */
    public void setFields(T0 f0, T1 f1, T2 f2, T3 f3, T4 f4, T5 f5, T6 f6, T7 f7, T8 f8, T9 f9, T10 f10, T11 f11, T12 f12, T13 f13, T14 f14, T15 f15, T16 f16, T17 f17, T18 f18) {
        this.f0 = f0;
        this.f1 = f1;
        this.f2 = f2;
        this.f3 = f3;
        this.f4 = f4;
        this.f5 = f5;
        this.f6 = f6;
        this.f7 = f7;
        this.f8 = f8;
        this.f9 = f9;
        this.f10 = f10;
        this.f11 = f11;
        this.f12 = f12;
        this.f13 = f13;
        this.f14 = f14;
        this.f15 = f15;
        this.f16 = f16;
        this.f17 = f17;
        this.f18 = f18;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple19<T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> copy() {
        return new Tuple19<>(f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Tuple19<?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?> other)) {
            return false;
        }
        return Objects.equals(f0, other.f0) && Objects.equals(f1, other.f1) && Objects.equals(f2, other.f2) && Objects.equals(f3, other.f3) && Objects.equals(f4, other.f4) && Objects.equals(f5, other.f5) && Objects.equals(f6, other.f6) && Objects.equals(f7, other.f7) && Objects.equals(f8, other.f8) && Objects.equals(f9, other.f9) && Objects.equals(f10, other.f10) && Objects.equals(f11, other.f11) && Objects.equals(f12, other.f12) && Objects.equals(f13, other.f13) && Objects.equals(f14, other.f14) && Objects.equals(f15, other.f15) && Objects.equals(f16, other.f16) && Objects.equals(f17, other.f17) && Objects.equals(f18, other.f18);
    }

    @Override
    public int hashCode() {
        int result = Objects.hashCode(f0);
        result = 31 * result + Objects.hashCode(f1);
        result = 31 * result + Objects.hashCode(f2);
        result = 31 * result + Objects.hashCode(f3);
        result = 31 * result + Objects.hashCode(f4);
        result = 31 * result + Objects.hashCode(f5);
        result = 31 * result + Objects.hashCode(f6);
        result = 31 * result + Objects.hashCode(f7);
        result = 31 * result + Objects.hashCode(f8);
        result = 31 * result + Objects.hashCode(f9);
        result = 31 * result + Objects.hashCode(f10);
        result = 31 * result + Objects.hashCode(f11);
        result = 31 * result + Objects.hashCode(f12);
        result = 31 * result + Objects.hashCode(f13);
        result = 31 * result + Objects.hashCode(f14);
        result = 31 * result + Objects.hashCode(f15);
        result = 31 * result + Objects.hashCode(f16);
        result = 31 * result + Objects.hashCode(f17);
        result = 31 * result + Objects.hashCode(f18);
        return result;
    }

    /** {@code (f0,f1,f2,f3,f4,f5,f6,f7,f8,f9,f10,f11,f12,f13,f14,f15,f16,f17,f18)}. */
    @Override
    public String toString() {
        return "(" + text(f0) + "," + text(f1) + "," + text(f2) + "," + text(f3) + "," + text(f4) + "," + text(f5) + "," + text(f6) + "," + text(f7) + "," + text(f8) + "," + text(f9) + "," + text(f10) + "," + text(f11) + "," + text(f12) + "," + text(f13) + "," + text(f14) + "," + text(f15) + "," + text(f16) + "," + text(f17) + "," + text(f18) + ")";
    }
}
