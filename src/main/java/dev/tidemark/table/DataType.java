package dev.tidemark.table;

import java.util.Objects;

/**
 * The type of a column or expression: one of Tidemark SQL's types, whether it may be null, and,
 * for timestamps, whether it is a time attribute. Written as Flink writes it: {@code BIGINT},
 * {@code DECIMAL(10, 2)}, {@code TIMESTAMP(3) *ROWTIME*}, {@code TIMESTAMP_LTZ(3) *PROCTIME*},
 * {@code STRING NOT NULL}. Make them with {@link DataTypes}.
 *
 * @param root the type
 * @param precision digits of a {@code DECIMAL}, fractional-second digits of a timestamp; 0 otherwise
 * @param scale digits after the point of a {@code DECIMAL}; 0 otherwise
 * @param nullable whether the value may be null
 * @param timeKind {@link TimeKind#REGULAR} unless a timestamp that is a time attribute
 */
public record DataType(Root root, int precision, int scale, boolean nullable, TimeKind timeKind)
        implements java.io.Serializable {

    /** The types of Tidemark SQL. */
    public enum Root {
        BOOLEAN,
        INT,
        BIGINT,
        DOUBLE,
        DECIMAL,
        STRING,
        TIMESTAMP,
        TIMESTAMP_LTZ,
        /** A length of time in milliseconds ({@code INTERVAL '5' SECOND}): for bounds and window sizes only. */
        INTERVAL
    }

    public DataType {
        Objects.requireNonNull(root, "root must not be null");
        Objects.requireNonNull(timeKind, "timeKind must not be null");
        if (timeKind != TimeKind.REGULAR && !isTimestamp(root)) {
            throw new IllegalArgumentException("only a timestamp can be a time attribute, not " + root);
        }
    }

    private static boolean isTimestamp(Root root) {
        return root == Root.TIMESTAMP || root == Root.TIMESTAMP_LTZ;
    }

    /** Whether this is a {@code TIMESTAMP} or {@code TIMESTAMP_LTZ}. */
    public boolean isTimestamp() {
        return isTimestamp(root);
    }

    /** Whether this is a time attribute: ROWTIME or PROCTIME. */
    public boolean isTimeAttribute() {
        return timeKind != TimeKind.REGULAR;
    }

    /** Whether this is a number: {@code INT}, {@code BIGINT}, {@code DOUBLE} or {@code DECIMAL}. */
    public boolean isNumeric() {
        return root == Root.INT || root == Root.BIGINT || root == Root.DOUBLE || root == Root.DECIMAL;
    }

    /** This type as a plain value (what any expression over a time attribute gives). */
    public DataType regular() {
        return timeKind == TimeKind.REGULAR ? this : new DataType(root, precision, scale, nullable, TimeKind.REGULAR);
    }

    /** This type, null allowed or not. */
    public DataType withNullable(boolean mayBeNull) {
        return mayBeNull == nullable ? this : new DataType(root, precision, scale, mayBeNull, timeKind);
    }

    /** This timestamp type as a time attribute of {@code kind}. */
    public DataType as(TimeKind kind) {
        return new DataType(root, precision, scale, nullable, kind);
    }

    /** Whether values of the two types are the same kind of value, ignoring nullability and time kind. */
    public boolean sameValuesAs(DataType other) {
        return root == other.root && precision == other.precision && scale == other.scale;
    }

    @Override
    public String toString() {
        String name = switch (root) {
            case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
            case TIMESTAMP, TIMESTAMP_LTZ -> root + "(" + precision + ")";
            default -> root.name();
        };
        String kind = timeKind == TimeKind.REGULAR ? "" : " *" + timeKind + "*";
        return name + (nullable ? "" : " NOT NULL") + kind;
    }
}
