package dev.tidemark.table;

/** The types of Tidemark SQL, by Flink's names; all allow null, as Flink's do unless declared otherwise. */
public final class DataTypes {

    private DataTypes() {}

    public static DataType BOOLEAN() {
        return of(DataType.Root.BOOLEAN);
    }

    public static DataType INT() {
        return of(DataType.Root.INT);
    }

    public static DataType BIGINT() {
        return of(DataType.Root.BIGINT);
    }

    public static DataType DOUBLE() {
        return of(DataType.Root.DOUBLE);
    }

    /**
     * @throws IllegalArgumentException unless {@code 1 <= precision <= 38} and {@code 0 <= scale <= precision}
     */
    public static DataType DECIMAL(int precision, int scale) {
        if (precision < 1 || precision > 38 || scale < 0 || scale > precision) {
            throw new IllegalArgumentException("DECIMAL needs 1 <= precision <= 38 and 0 <= scale <= precision: DECIMAL("
                    + precision + ", " + scale + ")");
        }
        return new DataType(DataType.Root.DECIMAL, precision, scale, true, TimeKind.REGULAR);
    }

    public static DataType STRING() {
        return of(DataType.Root.STRING);
    }

    /**
     * A timestamp without time zone. Tidemark keeps milliseconds, so the precision is 3 (0 to 3 are
     * accepted, as Flink's time attributes are {@code TIMESTAMP(3)}).
     */
    public static DataType TIMESTAMP(int precision) {
        return new DataType(DataType.Root.TIMESTAMP, timestampPrecision(precision), 0, true, TimeKind.REGULAR);
    }

    /** A timestamp with local time zone: an instant. Precision as for {@link #TIMESTAMP(int)}. */
    public static DataType TIMESTAMP_LTZ(int precision) {
        return new DataType(DataType.Root.TIMESTAMP_LTZ, timestampPrecision(precision), 0, true, TimeKind.REGULAR);
    }

    /** A length of time, in milliseconds. */
    public static DataType INTERVAL() {
        return new DataType(DataType.Root.INTERVAL, 0, 0, false, TimeKind.REGULAR);
    }

    private static int timestampPrecision(int precision) {
        if (precision < 0 || precision > 3) {
            throw new IllegalArgumentException("Tidemark keeps timestamps in milliseconds: precision must be 0 to 3, not "
                    + precision);
        }
        return precision;
    }

    private static DataType of(DataType.Root root) {
        return new DataType(root, 0, 0, true, TimeKind.REGULAR);
    }
}
