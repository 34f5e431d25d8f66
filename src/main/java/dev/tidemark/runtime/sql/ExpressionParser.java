package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses expressions and type names, by precedence from loosest: {@code OR}, {@code AND},
 * {@code NOT}, comparisons ({@code = <> != < <= > >=}, {@code BETWEEN}, {@code IN}, {@code IS [NOT]
 * NULL}), {@code + - ||}, {@code * / %}, unary minus, then literals, names, calls, {@code CASE},
 * {@code CAST} and parentheses.
 */
final class ExpressionParser {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS][.SS][.S]");

    private final TokenCursor in;
    private final java.util.function.Supplier<Statement.Select> subquery; // null where no query may appear

    ExpressionParser(TokenCursor in, java.util.function.Supplier<Statement.Select> subquery) {
        this.in = in;
        this.subquery = subquery;
    }

    Expr expression() {
        Expr left = conjunction();
        while (in.peek().is("OR")) {
            Position at = Position.of(in.next());
            left = new Expr.Binary("OR", left, conjunction(), at);
        }
        return left;
    }

    private Expr conjunction() {
        Expr left = negation();
        while (in.peek().is("AND")) {
            Position at = Position.of(in.next());
            left = new Expr.Binary("AND", left, negation(), at);
        }
        return left;
    }

    private Expr negation() {
        if (in.peek().is("NOT")) {
            Position at = Position.of(in.next());
            return new Expr.Unary("NOT", negation(), at);
        }
        return comparison();
    }

    private Expr comparison() {
        Expr left = additive();
        while (true) {
            Token token = in.peek();
            Position at = Position.of(token);
            if (token.kind() == Token.Kind.SYMBOL && List.of("=", "<>", "!=", "<", "<=", ">", ">=").contains(token.text())) {
                in.next();
                left = new Expr.Binary(token.text().equals("!=") ? "<>" : token.text(), left, additive(), at);
            } else if (token.is("IS")) {
                in.next();
                boolean negated = in.accept("NOT");
                in.expect("NULL");
                left = new Expr.IsNull(left, negated, at);
            } else if (token.is("BETWEEN") || token.is("IN") || token.is("LIKE")
                    || token.is("NOT") && (in.peek(1).is("BETWEEN") || in.peek(1).is("IN") || in.peek(1).is("LIKE"))) {
                boolean negated = in.accept("NOT");
                if (in.accept("LIKE")) {
                    left = like(left, negated, at);
                } else {
                    left = in.accept("BETWEEN") ? between(left, negated, at) : inList(left, negated, at);
                }
            } else {
                return left;
            }
        }
    }

    private Expr like(Expr value, boolean negated, Position at) {
        List<Expr> arguments = new ArrayList<>(List.of(value, additive()));
        if (in.accept("ESCAPE")) {
            arguments.add(additive());
        }
        Expr like = new Expr.Call("LIKE", arguments, at);
        return negated ? new Expr.Unary("NOT", like, at) : like;
    }

    private Expr between(Expr value, boolean negated, Position at) {
        if (in.peek().is("SYMMETRIC") || in.peek().is("ASYMMETRIC")) {
            throw in.notSupported("BETWEEN " + in.peek().text().toUpperCase(Locale.ROOT));
        }
        Expr low = additive();
        in.expect("AND");
        return new Expr.Between(value, low, additive(), negated, at);
    }

    private Expr inList(Expr value, boolean negated, Position at) {
        in.expect("IN");
        in.expectSymbol("(");
        if (in.peek().is("SELECT")) {
            throw in.notSupported("a subquery in IN");
        }
        List<Expr> candidates = new ArrayList<>();
        do {
            candidates.add(expression());
        } while (in.acceptSymbol(","));
        in.expectSymbol(")");
        return new Expr.In(value, candidates, negated, at);
    }

    private Expr additive() {
        Expr left = multiplicative();
        while (in.peek().isSymbol("+") || in.peek().isSymbol("-") || in.peek().isSymbol("||")) {
            Token op = in.next();
            left = new Expr.Binary(op.text(), left, multiplicative(), Position.of(op));
        }
        return left;
    }

    private Expr multiplicative() {
        Expr left = unary();
        while (in.peek().isSymbol("*") || in.peek().isSymbol("/") || in.peek().isSymbol("%")) {
            Token op = in.next();
            left = new Expr.Binary(op.text(), left, unary(), Position.of(op));
        }
        return left;
    }

    private Expr unary() {
        if (in.peek().isSymbol("-")) {
            Position at = Position.of(in.next());
            return new Expr.Unary("-", unary(), at);
        }
        if (in.peek().isSymbol("+")) {
            in.next();
        }
        return primary();
    }

    private Expr primary() {
        Token token = in.peek();
        Position at = Position.of(token);
        switch (token.kind()) {
            case NUMBER -> {
                in.next();
                return new Expr.NumberLiteral(new BigDecimal(token.text()), at);
            }
            case STRING -> {
                in.next();
                return new Expr.StringLiteral(token.text(), at);
            }
            case SYMBOL -> {
                if (in.acceptSymbol("(")) {
                    if (in.peek().is("SELECT")) {
                        throw in.notSupported("a subquery in an expression");
                    }
                    Expr inner = expression();
                    in.expectSymbol(")");
                    return inner;
                }
                if (token.isSymbol("*")) {
                    in.next();
                    return new Expr.Star(null, at);
                }
                throw in.expected("an expression");
            }
            case END -> throw in.expected("an expression");
            default -> {
                return word(token, at);
            }
        }
    }

    private Expr word(Token token, Position at) {
        if (token.kind() == Token.Kind.WORD) {
            String word = token.text().toUpperCase(Locale.ROOT);
            switch (word) {
                case "TRUE", "FALSE" -> {
                    in.next();
                    return new Expr.BooleanLiteral(word.equals("TRUE"), at);
                }
                case "NULL" -> {
                    in.next();
                    return new Expr.NullLiteral(at);
                }
                case "INTERVAL" -> {
                    in.next();
                    return Intervals.literal(in, at);
                }
                case "CASE" -> {
                    in.next();
                    return caseExpression(at);
                }
                case "CAST" -> {
                    in.next();
                    in.expectSymbol("(");
                    Expr value = expression();
                    in.expect("AS");
                    TypeName type = typeName();
                    in.expectSymbol(")");
                    return new Expr.Cast(value, type, at);
                }
                case "EXISTS" -> throw in.notSupported("EXISTS");
                default -> {
                    if (word.equals("TIMESTAMP") && in.peek(1).kind() == Token.Kind.STRING) {
                        in.next();
                        return timestamp(in.next(), at);
                    }
                }
            }
        }
        String first = in.name("an expression");
        if (in.peek().isSymbol("(")) {
            return call(first.toUpperCase(Locale.ROOT), at);
        }
        List<String> parts = new ArrayList<>(List.of(first));
        while (in.acceptSymbol(".")) {
            if (in.peek().isSymbol("*")) {
                in.next();
                return new Expr.Star(String.join(".", parts), at);
            }
            parts.add(in.name("a name after '.'"));
        }
        return new Expr.Name(parts, at);
    }

    private Expr call(String function, Position at) {
        in.expectSymbol("(");
        boolean distinct = false;
        if (in.peek().is("DISTINCT")) {
            if (!Binder.AGGREGATES.contains(function)) {
                throw in.notSupported("DISTINCT in " + function + "(..)");
            }
            in.next();
            distinct = true;
        }
        List<Expr> arguments = new ArrayList<>();
        if (!in.acceptSymbol(")")) {
            do {
                arguments.add(argument());
            } while (in.acceptSymbol(","));
            in.expectSymbol(")");
        }
        if (distinct && (arguments.size() != 1 || arguments.get(0) instanceof Expr.Star)) {
            throw at.error(function + "(DISTINCT ..) takes one expression");
        }
        Expr.Call call = new Expr.Call(function, arguments, distinct, at);
        if (in.peek().is("OVER")) {
            return over(call, Position.of(in.next()));
        }
        return call;
    }

    /** What follows {@code OVER}; a named window ({@code OVER w}) is not in the subset. */
    private Expr over(Expr.Call aggregate, Position at) {
        if (!in.peek().isSymbol("(")) {
            throw in.notSupported("OVER with a named window (write the window in parentheses)");
        }
        in.expectSymbol("(");
        List<Expr> partitionBy = new ArrayList<>();
        if (in.accept("PARTITION")) {
            in.expect("BY");
            do {
                partitionBy.add(expression());
            } while (in.acceptSymbol(","));
        }
        Position orderAt = Position.of(in.peek());
        if (!in.accept("ORDER")) {
            throw orderAt.error("OVER needs ORDER BY a time attribute");
        }
        in.expect("BY");
        Expr orderBy = expression();
        if (in.peek().is("ASC")) {
            in.next();
        } else if (in.peek().is("DESC")) {
            throw in.notSupported("ORDER BY .. DESC in OVER (only ascending time)");
        }
        if (in.peek().isSymbol(",")) {
            throw in.notSupported("OVER ordered by more than one column");
        }
        Expr.Frame frame = new Expr.Frame(false, -1, orderAt); // Flink's default: every row up to this one's peers
        if (in.peek().is("RANGE") || in.peek().is("ROWS")) {
            frame = frame();
        }
        in.expectSymbol(")");
        return new Expr.Over(aggregate, partitionBy, orderBy, frame, at);
    }

    private Expr.Frame frame() {
        Token kind = in.next();
        Position at = Position.of(kind);
        boolean rows = kind.is("ROWS");
        in.expect("BETWEEN");
        long preceding;
        if (in.accept("UNBOUNDED")) {
            preceding = -1;
        } else if (rows) {
            Token count = in.peek();
            if (count.kind() != Token.Kind.NUMBER || count.text().contains(".")) {
                throw Position.of(count).error("ROWS BETWEEN needs a whole number of rows PRECEDING, not "
                        + count.describe());
            }
            preceding = Long.parseLong(in.next().text());
        } else {
            Position intervalAt = Position.of(in.peek());
            if (!in.accept("INTERVAL")) {
                throw intervalAt.error("RANGE BETWEEN needs an INTERVAL .. PRECEDING or UNBOUNDED PRECEDING");
            }
            preceding = Intervals.literal(in, intervalAt).millis();
            if (preceding < 0) {
                throw intervalAt.error("RANGE BETWEEN needs an interval that is not negative");
            }
        }
        in.expect("PRECEDING");
        in.expect("AND");
        if (!in.peek().is("CURRENT")) {
            throw in.notSupported("a frame that ends after the current row (only AND CURRENT ROW)");
        }
        in.next();
        in.expect("ROW");
        return new Expr.Frame(rows, preceding, at);
    }

    /**
     * A call's argument: an expression, {@code name => value}, {@code TABLE t [PARTITION BY k | (k, ..)]}
     * or {@code DESCRIPTOR(..)}.
     */
    private Expr argument() {
        Token token = in.peek();
        Position at = Position.of(token);
        if (token.is("TABLE")) {
            in.next();
            String table = null;
            Statement.Select query = null;
            if (in.peek().isSymbol("(") && subquery != null) {
                in.next();
                query = subquery.get();
                in.expectSymbol(")");
            } else {
                table = in.name("a table name");
            }
            List<String> partitionBy = new ArrayList<>();
            if (in.accept("PARTITION")) { // one column, or several in parentheses: a comma ends the argument
                in.expect("BY");
                if (in.acceptSymbol("(")) {
                    do {
                        partitionBy.add(in.name("a column name"));
                    } while (in.acceptSymbol(","));
                    in.expectSymbol(")");
                } else {
                    partitionBy.add(in.name("a column name"));
                }
            }
            return new Expr.TableArgument(table, query, partitionBy, at);
        }
        if (token.is("DESCRIPTOR")) {
            in.next();
            in.expectSymbol("(");
            List<String> columns = new ArrayList<>();
            do {
                columns.add(in.name("a column name"));
            } while (in.acceptSymbol(","));
            in.expectSymbol(")");
            return new Expr.Descriptor(columns, at);
        }
        if (in.atName() && in.peek(1).isSymbol("=>")) {
            String name = in.next().text().toUpperCase(Locale.ROOT);
            in.next();
            return new Expr.NamedArgument(name, argument(), at);
        }
        return expression();
    }

    private Expr caseExpression(Position at) {
        Expr operand = in.peek().is("WHEN") ? null : expression();
        List<Expr.When> whens = new ArrayList<>();
        while (in.accept("WHEN")) {
            Expr condition = expression();
            in.expect("THEN");
            whens.add(new Expr.When(condition, expression()));
        }
        if (whens.isEmpty()) {
            throw in.expected("WHEN");
        }
        Expr otherwise = in.accept("ELSE") ? expression() : null;
        in.expect("END");
        return new Expr.Case(operand, whens, otherwise, at);
    }

    private Expr timestamp(Token literal, Position at) {
        try {
            return new Expr.TimestampLiteral(LocalDateTime.parse(literal.text(), TIMESTAMP), at);
        } catch (DateTimeParseException e) {
            throw new SqlException(literal.line(), literal.column(), "not a timestamp 'yyyy-MM-dd HH:mm:ss[.SSS]': "
                    + literal.describe());
        }
    }

    /** A type name, normalised. */
    TypeName typeName() {
        Token token = in.peek();
        Position at = Position.of(token);
        String name = in.name("a type name").toUpperCase(Locale.ROOT);
        int precision = -1;
        int scale = -1;
        if (in.acceptSymbol("(")) {
            precision = integer();
            if (in.acceptSymbol(",")) {
                scale = integer();
            }
            in.expectSymbol(")");
        }
        String normalised = switch (name) {
            case "BOOLEAN", "INT", "BIGINT", "DOUBLE", "DECIMAL", "STRING", "TIMESTAMP_LTZ" -> name;
            case "INTEGER" -> "INT";
            case "VARCHAR", "CHAR" -> "STRING";
            case "TIMESTAMP" -> withLocalTimeZone() ? "TIMESTAMP_LTZ" : "TIMESTAMP";
            default -> throw new SqlException(at.line(), at.column(), "type " + name + " is not supported; use BOOLEAN,"
                    + " INT, BIGINT, DOUBLE, DECIMAL, STRING, TIMESTAMP(3) or TIMESTAMP_LTZ(3)");
        };
        if (normalised.equals("STRING")) {
            precision = -1; // VARCHAR(n) is a string of any length, as Flink's STRING is VARCHAR(MAX)
        }
        return new TypeName(normalised, precision, scale, at);
    }

    private boolean withLocalTimeZone() {
        if (!in.peek().is("WITH")) {
            return false;
        }
        in.next();
        in.expect("LOCAL");
        in.expect("TIME");
        in.expect("ZONE");
        return true;
    }

    private int integer() {
        Token token = in.peek();
        if (token.kind() != Token.Kind.NUMBER || token.text().contains(".")) {
            throw in.expected("an integer");
        }
        return Integer.parseInt(in.next().text());
    }
}
