package dev.tidemark.api.tuple;

/** The tuple without fields; {@link #INSTANCE} is the one to use. */
public class Tuple0 extends Tuple {

    private static final long serialVersionUID = 1L;

    /** The empty tuple. */
    public static final Tuple0 INSTANCE = new Tuple0();

    public Tuple0() {}

    @Override
    public int getArity() {
        return 0;
    }

    @Override
    public <T> T getField(int pos) {
        throw noField(pos, 0);
    }

    @Override
    public <T> void setField(T value, int pos) {
        throw noField(pos, 0);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Tuple0 copy() {
        return new Tuple0();
    }

    /** The empty tuple. */
    public static Tuple0 of() {
        return INSTANCE;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Tuple0;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    @Override
    public String toString() {
        return "()";
    }
}
