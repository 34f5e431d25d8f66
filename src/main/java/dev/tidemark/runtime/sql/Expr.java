package dev.tidemark.runtime.sql;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.List;

/** An expression of a SQL statement, as written: names are not resolved and nothing is typed yet. */
public sealed interface Expr {

    /** Where the expression starts. */
    Position position();

    /** A number: exact ({@code 10}, {@code 2.5}), kept as written. */
    record NumberLiteral(BigDecimal value, Position position) implements Expr {}

    record StringLiteral(String value, Position position) implements Expr {}

    record BooleanLiteral(boolean value, Position position) implements Expr {}

    record NullLiteral(Position position) implements Expr {}

    /** {@code TIMESTAMP '2024-01-01 12:00:00.000'}. */
    record TimestampLiteral(LocalDateTime value, Position position) implements Expr {}

    /** {@code INTERVAL '5' SECOND}, {@code INTERVAL '1:30' HOUR TO MINUTE}: a length of time in milliseconds. */
    record IntervalLiteral(long millis, String text, Position position) implements Expr {}

    /** A column, maybe qualified by its table: {@code price}, {@code o.id}. */
    record Name(List<String> parts, Position position) implements Expr {
        /** The name as written, dots between the parts. */
        public String dotted() {
            return String.join(".", parts);
        }
    }

    /** {@code *} or {@code t.*}; the qualifier is {@code null} for a bare {@code *}. */
    record Star(String qualifier, Position position) implements Expr {}

    /**
     * A function or aggregate call, its name in upper case: {@code SUM(price)}, {@code COUNT(*)};
     * {@code distinct} for an aggregate over distinct values, {@code COUNT(DISTINCT user_id)}.
     */
    record Call(String function, List<Expr> arguments, boolean distinct, Position position) implements Expr {
        public Call(String function, List<Expr> arguments, Position position) {
            this(function, arguments, false, position);
        }
    }

    /**
     * {@code aggregate OVER (PARTITION BY .. ORDER BY time frame)}: the aggregate over the rows of the
     * partition in the frame that ends at the current row.
     */
    record Over(Call aggregate, List<Expr> partitionBy, Expr orderBy, Frame frame, Position position) implements Expr {}

    /**
     * {@code RANGE BETWEEN INTERVAL .. PRECEDING AND CURRENT ROW} ({@code rows} false, {@code preceding}
     * in milliseconds) or {@code ROWS BETWEEN n PRECEDING AND CURRENT ROW} ({@code rows} true,
     * {@code preceding} rows); {@code preceding} is -1 for {@code UNBOUNDED PRECEDING}.
     */
    record Frame(boolean rows, long preceding, Position position) {}

    /** {@code name => value}, an argument of a table function given by name. */
    record NamedArgument(String name, Expr value, Position position) implements Expr {}

    /** An operator between two operands: arithmetic, {@code ||}, comparison, {@code AND}, {@code OR}. */
    record Binary(String operator, Expr left, Expr right, Position position) implements Expr {}

    /** {@code NOT e} or {@code -e}. */
    record Unary(String operator, Expr operand, Position position) implements Expr {}

    record Between(Expr value, Expr low, Expr high, boolean negated, Position position) implements Expr {}

    record In(Expr value, List<Expr> candidates, boolean negated, Position position) implements Expr {}

    record IsNull(Expr value, boolean negated, Position position) implements Expr {}

    /** {@code CASE [operand] WHEN .. THEN .. [ELSE ..] END}; {@code operand} and {@code otherwise} may be null. */
    record Case(Expr operand, List<When> whens, Expr otherwise, Position position) implements Expr {}

    record When(Expr condition, Expr result) {}

    record Cast(Expr value, TypeName type, Position position) implements Expr {}

    /**
     * {@code TABLE t}, {@code TABLE (SELECT ..)} or either with {@code PARTITION BY k, ..}, as a table
     * function's argument: {@code table} is null for a query, {@code query} for a name.
     */
    record TableArgument(String table, Statement.Select query, List<String> partitionBy, Position position)
            implements Expr {

        /** How the argument names its table in messages. */
        public String describe() {
            return table != null ? table : "(SELECT ..)";
        }
    }

    /** {@code DESCRIPTOR(col, ..)}: columns named as a table function's argument. */
    record Descriptor(List<String> columns, Position position) implements Expr {}
}
