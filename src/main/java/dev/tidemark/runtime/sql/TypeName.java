package dev.tidemark.runtime.sql;

/**
 * A SQL type as written: {@code BIGINT}, {@code DECIMAL(10, 2)}, {@code TIMESTAMP(3)},
 * {@code TIMESTAMP_LTZ(3)}. Names are normalised ({@code INTEGER} is {@code INT}, {@code VARCHAR}
 * is {@code STRING}, {@code TIMESTAMP(3) WITH LOCAL TIME ZONE} is {@code TIMESTAMP_LTZ}).
 *
 * @param name the normalised name, upper case
 * @param precision the first argument, or -1
 * @param scale the second argument, or -1
 */
public record TypeName(String name, int precision, int scale, Position position) {

    @Override
    public String toString() {
        return precision < 0 ? name : scale < 0 ? name + "(" + precision + ")" : name + "(" + precision + ", " + scale + ")";
    }
}
