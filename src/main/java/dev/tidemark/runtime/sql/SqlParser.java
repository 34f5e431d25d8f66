package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the statements of Tidemark's SQL, spelled as Flink's: {@code SELECT} (from tables, window
 * table functions, subqueries and joins, with {@code WHERE}, {@code GROUP BY} and {@code HAVING}),
 * {@code CREATE [TEMPORARY] TABLE} with computed columns, {@code WATERMARK FOR} and {@code WITH}
 * options, {@code CREATE [TEMPORARY] VIEW} and {@code INSERT INTO}. Anything else fails with "not
 * supported" at its line and column, never with a bare parse error.
 */
public final class SqlParser {

    private final TokenCursor in;
    private final ExpressionParser expressions;

    private SqlParser(String sql) {
        this.in = new TokenCursor(Lexer.tokens(sql));
        this.expressions = new ExpressionParser(in, this::select);
    }

    /**
     * The one statement of {@code sql} (a trailing {@code ;} is allowed).
     *
     * @throws SqlException at the first text that is not valid or not supported
     */
    public static Statement parse(String sql) {
        SqlParser parser = new SqlParser(sql);
        Statement statement = parser.statement();
        parser.in.acceptSymbol(";");
        parser.end();
        return statement;
    }

    /** The one expression of {@code text}, as a schema's computed column or watermark gives it. */
    public static Expr parseExpression(String text) {
        SqlParser parser = new SqlParser(text);
        Expr expression = parser.expressions.expression();
        parser.end();
        return expression;
    }

    /** {@code e} written back as SQL, for messages and plans. */
    public static String textOf(Expr e) {
        return SqlText.of(e);
    }

    private void end() {
        if (in.peek().kind() != Token.Kind.END) {
            if (in.peek().is("UNION") || in.peek().is("ORDER") || in.peek().is("LIMIT") || in.peek().is("WINDOW")) {
                throw in.notSupported(in.peek().text().toUpperCase(Locale.ROOT));
            }
            throw in.expected("the end of the statement");
        }
    }

    private Statement statement() {
        Token first = in.peek();
        if (first.is("SELECT")) {
            return select();
        }
        if (first.is("CREATE")) {
            return create();
        }
        if (first.is("INSERT")) {
            Position at = Position.of(in.next());
            in.expect("INTO");
            String table = in.name("a table name");
            return new Statement.InsertInto(table, select(), at);
        }
        if (first.kind() == Token.Kind.WORD) {
            throw in.notSupported("the statement " + first.text().toUpperCase(Locale.ROOT));
        }
        throw in.expected("SELECT, CREATE TABLE, CREATE VIEW or INSERT INTO");
    }

    private Statement.Select select() {
        Position at = Position.of(in.expect("SELECT"));
        if (in.peek().is("DISTINCT") || in.peek().is("ALL") && !in.peek(1).isSymbol("(")) {
            throw in.notSupported("SELECT " + in.peek().text().toUpperCase(Locale.ROOT));
        }
        List<Statement.SelectItem> items = new ArrayList<>();
        do {
            Expr item = expressions.expression();
            items.add(new Statement.SelectItem(item, alias()));
        } while (in.acceptSymbol(","));
        in.expect("FROM");
        Statement.From from = from();
        Expr where = in.accept("WHERE") ? expressions.expression() : null;
        List<Expr> groupBy = new ArrayList<>();
        if (in.accept("GROUP")) {
            in.expect("BY");
            do {
                groupBy.add(expressions.expression());
            } while (in.acceptSymbol(","));
        }
        Expr having = in.accept("HAVING") ? expressions.expression() : null;
        return new Statement.Select(items, from, where, groupBy, having, at);
    }

    /** {@code [AS] alias}, or null. */
    private String alias() {
        if (in.accept("AS")) {
            return in.name("an alias");
        }
        return in.atName() ? in.name("an alias") : null;
    }

    private Statement.From from() {
        Statement.From left = fromItem();
        while (true) {
            Token token = in.peek();
            Position at = Position.of(token);
            if (token.isSymbol(",")) { // FROM a, b WHERE ..: a join whose condition is the query's WHERE
                in.next();
                left = new Statement.Join(left, fromItem(), Statement.JoinKind.INNER, null, at);
                continue;
            }
            if (token.is("RIGHT") || token.is("FULL") || token.is("CROSS")) {
                throw in.notSupported(token.text().toUpperCase(Locale.ROOT) + " JOIN");
            }
            Statement.JoinKind kind;
            if (in.accept("INNER")) {
                in.expect("JOIN");
                kind = Statement.JoinKind.INNER;
            } else if (in.accept("JOIN")) {
                kind = Statement.JoinKind.INNER;
            } else if (in.accept("LEFT")) {
                in.accept("OUTER");
                in.expect("JOIN");
                kind = Statement.JoinKind.LEFT;
            } else {
                return left;
            }
            Statement.From right = fromItem();
            in.expect("ON");
            left = new Statement.Join(left, right, kind, expressions.expression(), at);
        }
    }

    private Statement.From fromItem() {
        Token token = in.peek();
        Position at = Position.of(token);
        if (token.is("TABLE")) {
            in.next();
            in.expectSymbol("(");
            Expr call = expressions.expression();
            if (!(call instanceof Expr.Call function)) {
                throw at.error("expected a window table function in TABLE(..), such as TUMBLE(TABLE t, DESCRIPTOR(ts),"
                        + " INTERVAL '1' MINUTE)");
            }
            in.expectSymbol(")");
            return new Statement.TableFunction(function, alias(), at);
        }
        if (in.acceptSymbol("(")) {
            if (!in.peek().is("SELECT")) {
                throw in.expected("SELECT");
            }
            Statement.Select query = select();
            in.expectSymbol(")");
            return new Statement.SubQuery(query, alias(), at);
        }
        if (token.is("LATERAL") || token.is("UNNEST") || token.is("VALUES")) {
            throw in.notSupported(token.text().toUpperCase(Locale.ROOT));
        }
        String name = in.name("a table name");
        while (in.acceptSymbol(".")) {
            name = name + "." + in.name("a table name");
        }
        if (in.peek().is("FOR")) {
            throw in.notSupported("FOR SYSTEM_TIME AS OF (temporal joins)");
        }
        return new Statement.TableName(name, alias(), at);
    }

    private Statement create() {
        Position at = Position.of(in.expect("CREATE"));
        in.accept("TEMPORARY");
        if (in.accept("VIEW")) {
            String name = in.name("a view name");
            in.expect("AS");
            return new Statement.CreateView(name, select(), at);
        }
        if (!in.peek().is("TABLE")) {
            throw in.notSupported("CREATE " + in.peek().text().toUpperCase(Locale.ROOT));
        }
        in.next();
        if (in.peek().is("IF")) {
            throw in.notSupported("CREATE TABLE IF NOT EXISTS");
        }
        String name = in.name("a table name");
        in.expectSymbol("(");
        List<Statement.Column> columns = new ArrayList<>();
        Statement.WatermarkSpec watermark = null;
        do {
            Token token = in.peek();
            if (token.is("WATERMARK")) {
                if (watermark != null) {
                    throw Position.of(token).error("a table has at most one WATERMARK");
                }
                in.next();
                in.expect("FOR");
                String column = in.name("a column name");
                in.expect("AS");
                watermark = new Statement.WatermarkSpec(column, expressions.expression(), Position.of(token));
            } else if (token.is("PRIMARY") || token.is("CONSTRAINT")) {
                throw in.notSupported(token.text().toUpperCase(Locale.ROOT) + " KEY");
            } else {
                columns.add(column());
            }
        } while (in.acceptSymbol(","));
        in.expectSymbol(")");
        if (in.peek().is("PARTITIONED") || in.peek().is("COMMENT") || in.peek().is("LIKE")) {
            throw in.notSupported(in.peek().text().toUpperCase(Locale.ROOT));
        }
        in.expect("WITH");
        return new Statement.CreateTable(name, columns, watermark, options(), at);
    }

    private Statement.Column column() {
        Position at = Position.of(in.peek());
        String name = in.name("a column name");
        if (in.accept("AS")) {
            return new Statement.ComputedColumn(name, expressions.expression(), at);
        }
        Statement.Column column = new Statement.PhysicalColumn(name, expressions.typeName(), at);
        if (in.peek().is("NOT") || in.peek().is("METADATA") || in.peek().is("COMMENT")) {
            throw in.notSupported(in.peek().text().toUpperCase(Locale.ROOT) + " on a column");
        }
        return column;
    }

    private Map<String, String> options() {
        in.expectSymbol("(");
        Map<String, String> options = new LinkedHashMap<>();
        do {
            Token key = in.peek();
            if (key.kind() != Token.Kind.STRING) {
                throw in.expected("an option's name in quotes, as in 'connector' = 'filesystem'");
            }
            in.next();
            in.expectSymbol("=");
            Token value = in.peek();
            if (value.kind() != Token.Kind.STRING) {
                throw in.expected("the value of option '" + key.text() + "' in quotes");
            }
            in.next();
            if (options.put(key.text(), value.text()) != null) {
                throw new SqlException(key.line(), key.column(), "option '" + key.text() + "' is given twice");
            }
        } while (in.acceptSymbol(","));
        in.expectSymbol(")");
        return options;
    }
}
