package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataType.Root;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * {@code + - * / %} and unary minus on SQL values. Integers never wrap: an overflow fails the row
 * with an {@code ArithmeticException} (Flink wraps around silently), as does a division by zero.
 */
final class Arithmetic {

    private Arithmetic() {}

    static Evaluation of(Operator op, DataType result, Evaluation left, Evaluation right, DataType leftType,
            DataType rightType) {
        java.util.function.BinaryOperator<Object> f;
        if (result.isTimestamp()) {
            boolean intervalFirst = leftType.root() == Root.INTERVAL;
            long sign = op == Operator.MINUS ? -1 : 1;
            f = (a, b) -> intervalFirst ? shift(b, (Long) a) : shift(a, sign * (Long) b);
        } else {
            f = switch (result.root()) {
                case INT -> (a, b) -> ints(op, ((Number) a).intValue(), ((Number) b).intValue());
                case BIGINT, INTERVAL -> (a, b) -> longs(op, ((Number) a).longValue(), ((Number) b).longValue());
                case DOUBLE -> (a, b) -> doubles(op, ((Number) a).doubleValue(), ((Number) b).doubleValue());
                default -> (a, b) -> decimals(op, decimal((Number) a), decimal((Number) b), result.scale());
            };
        }
        java.util.function.BinaryOperator<Object> operation = f;
        return row -> {
            Object a = left.apply(row);
            Object b = a == null ? null : right.apply(row);
            return b == null ? null : operation.apply(a, b);
        };
    }

    private static Object shift(Object timestamp, long millis) {
        return timestamp instanceof Instant instant ? instant.plusMillis(millis)
                : ((LocalDateTime) timestamp).plusNanos(Math.multiplyExact(millis, 1_000_000L));
    }

    private static Object ints(Operator op, int a, int b) {
        return switch (op) {
            case PLUS -> Math.addExact(a, b);
            case MINUS -> Math.subtractExact(a, b);
            case TIMES -> Math.multiplyExact(a, b);
            case DIVIDE -> a / b;
            default -> a % b;
        };
    }

    private static Object longs(Operator op, long a, long b) {
        return switch (op) {
            case PLUS -> Math.addExact(a, b);
            case MINUS -> Math.subtractExact(a, b);
            case TIMES -> Math.multiplyExact(a, b);
            case DIVIDE -> a / b;
            default -> a % b;
        };
    }

    private static Object doubles(Operator op, double a, double b) {
        return switch (op) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case TIMES -> a * b;
            case DIVIDE -> a / b;
            default -> a % b;
        };
    }

    private static Object decimals(Operator op, BigDecimal a, BigDecimal b, int scale) {
        BigDecimal r = switch (op) {
            case PLUS -> a.add(b);
            case MINUS -> a.subtract(b);
            case TIMES -> a.multiply(b);
            case DIVIDE -> a.divide(b, scale, RoundingMode.HALF_UP);
            default -> a.remainder(b);
        };
        return r.setScale(scale, RoundingMode.HALF_UP);
    }

    static BigDecimal decimal(Number n) {
        return n instanceof BigDecimal d ? d : n instanceof Double || n instanceof Float
                ? BigDecimal.valueOf(n.doubleValue()) : BigDecimal.valueOf(n.longValue());
    }

    static Object negate(Object v) {
        if (v instanceof Integer i) {
            return Math.negateExact(i);
        }
        if (v instanceof Long l) {
            return Math.negateExact(l);
        }
        if (v instanceof Double d) {
            return -d;
        }
        return ((BigDecimal) v).negate();
    }

    static Object abs(Object v) {
        if (v instanceof Integer i) {
            return Math.absExact(i);
        }
        if (v instanceof Long l) {
            return Math.absExact(l);
        }
        if (v instanceof Double d) {
            return Math.abs(d);
        }
        return ((BigDecimal) v).abs();
    }
}
