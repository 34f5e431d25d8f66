package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import java.math.BigDecimal;

/**
 * Literals as typed constants, as Flink types them: a whole number is an {@code INT} if it fits,
 * else a {@code BIGINT}; a number with a point is an exact {@code DECIMAL} of its digits; all are
 * {@code NOT NULL}.
 */
final class Literals {

    private Literals() {}

    /** {@code e} as a constant, or {@code null} if it is not a literal. */
    static Bound bind(Expr e) {
        if (e instanceof Expr.NumberLiteral n) {
            return number(n);
        }
        if (e instanceof Expr.StringLiteral s) {
            return new Bound.Constant(s.value(), DataTypes.STRING().withNullable(false));
        }
        if (e instanceof Expr.BooleanLiteral b) {
            return new Bound.Constant(b.value(), DataTypes.BOOLEAN().withNullable(false));
        }
        if (e instanceof Expr.TimestampLiteral t) {
            return new Bound.Constant(t.value(), DataTypes.TIMESTAMP(3).withNullable(false));
        }
        if (e instanceof Expr.IntervalLiteral i) {
            return new Bound.Constant(i.millis(), DataTypes.INTERVAL());
        }
        return null;
    }

    private static Bound number(Expr.NumberLiteral n) {
        BigDecimal value = n.value();
        if (value.scale() <= 0) {
            try {
                long whole = value.longValueExact();
                return whole == (int) whole ? new Bound.Constant((int) whole, DataTypes.INT().withNullable(false))
                        : new Bound.Constant(whole, DataTypes.BIGINT().withNullable(false));
            } catch (ArithmeticException tooLarge) {
                // a DECIMAL below
            }
        }
        int precision = Math.max(value.precision(), value.scale());
        if (precision > 38) {
            throw n.position().error("the number " + value.toPlainString() + " has more than 38 digits");
        }
        DataType type = DataTypes.DECIMAL(precision, Math.max(0, value.scale())).withNullable(false);
        return new Bound.Constant(value, type);
    }
}
