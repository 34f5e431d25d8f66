package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataType.Root;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * {@code CAST(value AS type)}. A string that is not a value of the type fails the row with an
 * {@code IllegalArgumentException} naming both; TIMESTAMP and TIMESTAMP_LTZ convert through UTC.
 */
final class Casts {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS][.SS][.S]");

    private Casts() {}

    static Evaluation of(DataType from, DataType to, Evaluation value) {
        java.util.function.Function<Object, Object> cast = cast(from, to);
        return row -> {
            Object v = value.apply(row);
            return v == null ? null : cast.apply(v);
        };
    }

    private static java.util.function.Function<Object, Object> cast(DataType from, DataType to) {
        if (from.root() == to.root() && to.root() != Root.DECIMAL) {
            return v -> v;
        }
        return switch (to.root()) {
            case STRING -> {
                DateTimeFormatter written = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"
                        + (from.precision() > 0 ? "." + "S".repeat(from.precision()) : "")); // as many digits as the type has
                yield v -> v instanceof LocalDateTime t ? written.format(t)
                        : v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
            }
            case BOOLEAN -> v -> v instanceof String s ? parseBoolean(s) : ((Number) v).doubleValue() != 0;
            case INT -> v -> v instanceof String s ? parse(s, to, Integer::valueOf) : (Object) Math.toIntExact(
                    ((Number) v).longValue());
            case BIGINT -> v -> v instanceof String s ? parse(s, to, Long::valueOf) : (Object) ((Number) v).longValue();
            case DOUBLE -> v -> v instanceof String s ? parse(s, to, Double::valueOf) : (Object) ((Number) v).doubleValue();
            case DECIMAL -> v -> (v instanceof String s ? parse(s, to, BigDecimal::new) : Arithmetic.decimal((Number) v))
                    .setScale(to.scale(), RoundingMode.HALF_UP);
            case TIMESTAMP -> v -> v instanceof String s ? parse(s, to, text -> LocalDateTime.parse(text, TIMESTAMP))
                    : LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC);
            case TIMESTAMP_LTZ -> v -> v instanceof String s
                    ? parse(s, to, text -> LocalDateTime.parse(text, TIMESTAMP).toInstant(ZoneOffset.UTC))
                    : ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
            case INTERVAL -> throw new IllegalArgumentException("no cast to INTERVAL");
        };
    }

    private static boolean parseBoolean(String s) {
        String t = s.trim();
        if (t.equalsIgnoreCase("true")) {
            return true;
        }
        if (t.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("cannot cast '" + s + "' to BOOLEAN");
    }

    private static <T> T parse(String s, DataType to, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(s.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("cannot cast '" + s + "' to " + to.regular(), e);
        }
    }
}
