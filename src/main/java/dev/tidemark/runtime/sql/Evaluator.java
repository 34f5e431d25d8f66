package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataType.Root;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Compiles bound expressions into {@link Evaluation}s, once per query, so a row costs the calls of
 * its expression tree and nothing is looked up by name. SQL's three-valued logic: {@code AND} is
 * FALSE if either side is, {@code OR} TRUE if either side is, anything else with a NULL operand is
 * NULL. Timestamps without time zone are read as UTC where they meet epoch milliseconds.
 */
public final class Evaluator {

    private final LongSupplier processingTime;

    /** @param processingTime the clock {@code PROCTIME()} reads, in epoch milliseconds */
    public Evaluator(LongSupplier processingTime) {
        this.processingTime = processingTime;
    }

    public Evaluation compile(Bound bound) {
        if (bound instanceof Bound.Column column) {
            int index = column.index();
            return row -> row[index];
        }
        if (bound instanceof Bound.Constant constant) {
            Object value = constant.value();
            return row -> value;
        }
        Bound.Apply apply = (Bound.Apply) bound;
        List<Evaluation> args = apply.arguments().stream().map(this::compile).toList();
        DataType type = apply.type();
        return switch (apply.operator()) {
            case AND -> row -> and(args.get(0), args.get(1), row);
            case OR -> row -> or(args.get(0), args.get(1), row);
            case NOT -> unary(args.get(0), v -> !(Boolean) v);
            case IS_NULL -> row -> args.get(0).apply(row) == null;
            case IS_NOT_NULL -> row -> args.get(0).apply(row) != null;
            case EQUALS, NOT_EQUALS, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL -> comparison(apply.operator(),
                    args.get(0), args.get(1));
            case BETWEEN, NOT_BETWEEN -> between(apply.operator() == Operator.NOT_BETWEEN, args);
            case IN, NOT_IN -> in(apply.operator() == Operator.NOT_IN, args);
            case PLUS, MINUS, TIMES, DIVIDE, MOD -> Arithmetic.of(apply.operator(), type, args.get(0), args.get(1),
                    apply.arguments().get(0).type(), apply.arguments().get(1).type());
            case NEGATE -> unary(args.get(0), v -> Arithmetic.negate(v));
            case CONCAT -> binary(args.get(0), args.get(1), (a, b) -> (String) a + b);
            case CASE -> caseOf(args);
            case CAST -> Casts.of(apply.arguments().get(0).type(), type, args.get(0));
            case PROCTIME -> row -> Instant.ofEpochMilli(processingTime.getAsLong());
            case TO_TIMESTAMP_LTZ -> toTimestampLtz(args.get(0), (Integer) ((Bound.Constant) apply.arguments().get(1)).value());
            case UPPER -> unary(args.get(0), v -> ((String) v).toUpperCase(Locale.ROOT));
            case LOWER -> unary(args.get(0), v -> ((String) v).toLowerCase(Locale.ROOT));
            case CHAR_LENGTH -> unary(args.get(0), v -> ((String) v).codePointCount(0, ((String) v).length()));
            case ABS -> unary(args.get(0), Arithmetic::abs);
            case LIKE -> Like.of(args.get(0), args.get(1), apply.arguments().get(1), apply.arguments().size() < 3 ? null
                    : ((String) ((Bound.Constant) apply.arguments().get(2)).value()).charAt(0));
        };
    }

    private static Object and(Evaluation left, Evaluation right, Object[] row) {
        Object a = left.apply(row);
        if (Boolean.FALSE.equals(a)) {
            return false;
        }
        Object b = right.apply(row);
        if (Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    private static Object or(Evaluation left, Evaluation right, Object[] row) {
        Object a = left.apply(row);
        if (Boolean.TRUE.equals(a)) {
            return true;
        }
        Object b = right.apply(row);
        if (Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    private static Evaluation unary(Evaluation operand, java.util.function.Function<Object, Object> f) {
        return row -> {
            Object v = operand.apply(row);
            return v == null ? null : f.apply(v);
        };
    }

    private static Evaluation binary(Evaluation left, Evaluation right, java.util.function.BinaryOperator<Object> f) {
        return row -> {
            Object a = left.apply(row);
            Object b = a == null ? null : right.apply(row);
            return b == null ? null : f.apply(a, b);
        };
    }

    private static Evaluation comparison(Operator operator, Evaluation left, Evaluation right) {
        return row -> {
            Object a = left.apply(row);
            Object b = a == null ? null : right.apply(row);
            if (b == null) {
                return null;
            }
            int c = compare(a, b);
            return switch (operator) {
                case EQUALS -> c == 0;
                case NOT_EQUALS -> c != 0;
                case LESS -> c < 0;
                case LESS_OR_EQUAL -> c <= 0;
                case GREATER -> c > 0;
                default -> c >= 0;
            };
        };
    }

    /** Compares two non-null values of comparable types; numbers of different kinds as decimals. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y && a.getClass() != b.getClass()) {
            if (a instanceof Double || b instanceof Double) {
                return Double.compare(x.doubleValue(), y.doubleValue());
            }
            return Arithmetic.decimal(x).compareTo(Arithmetic.decimal(y));
        }
        return ((Comparable) a).compareTo(b);
    }

    private static Evaluation between(boolean negated, List<Evaluation> args) {
        Evaluation value = args.get(0);
        Evaluation low = args.get(1);
        Evaluation high = args.get(2);
        return row -> {
            Object v = value.apply(row);
            Object lo = low.apply(row);
            Object hi = high.apply(row);
            if (v == null || lo == null || hi == null) {
                return null;
            }
            boolean inside = compare(v, lo) >= 0 && compare(v, hi) <= 0;
            return inside != negated;
        };
    }

    private static Evaluation in(boolean negated, List<Evaluation> args) {
        Evaluation value = args.get(0);
        List<Evaluation> candidates = args.subList(1, args.size());
        return row -> {
            Object v = value.apply(row);
            if (v == null) {
                return null;
            }
            boolean sawNull = false;
            for (Evaluation candidate : candidates) {
                Object c = candidate.apply(row);
                if (c == null) {
                    sawNull = true;
                } else if (compare(v, c) == 0) {
                    return !negated;
                }
            }
            return sawNull ? null : negated;
        };
    }

    private static Evaluation caseOf(List<Evaluation> args) {
        int pairs = (args.size() - 1) / 2;
        return row -> {
            for (int i = 0; i < pairs; i++) {
                if (Boolean.TRUE.equals(args.get(2 * i).apply(row))) {
                    return args.get(2 * i + 1).apply(row);
                }
            }
            return args.get(args.size() - 1).apply(row);
        };
    }

    private static Evaluation toTimestampLtz(Evaluation value, int precision) {
        return unary(value, v -> {
            long n = ((Number) v).longValue();
            return precision == 0 ? Instant.ofEpochSecond(n) : Instant.ofEpochMilli(n);
        });
    }

    /** Epoch milliseconds of a TIMESTAMP (read as UTC) or TIMESTAMP_LTZ value. */
    public static long epochMillis(Object timestamp) {
        if (timestamp instanceof Instant instant) {
            return instant.toEpochMilli();
        }
        LocalDateTime t = (LocalDateTime) timestamp; // no Instant, no zone rules: this runs per row
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1000L), t.getNano() / 1_000_000);
    }

    /** A TIMESTAMP ({@code root}) or TIMESTAMP_LTZ value of epoch milliseconds. */
    public static Object timestampOf(long epochMillis, Root root) {
        if (root == Root.TIMESTAMP_LTZ) {
            return Instant.ofEpochMilli(epochMillis);
        }
        // ofInstant would look up the offset's zone rules, a new object graph per call
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000L),
                (int) Math.floorMod(epochMillis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }
}
