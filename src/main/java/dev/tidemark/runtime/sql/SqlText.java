package dev.tidemark.runtime.sql;

import java.util.stream.Collectors;

/** An expression written back as SQL, for error messages and plans. */
final class SqlText {

    private SqlText() {}

    static String of(Expr e) {
        if (e instanceof Expr.NumberLiteral n) {
            return n.value().toPlainString();
        }
        if (e instanceof Expr.StringLiteral s) {
            return "'" + s.value().replace("'", "''") + "'";
        }
        if (e instanceof Expr.BooleanLiteral b) {
            return b.value() ? "TRUE" : "FALSE";
        }
        if (e instanceof Expr.NullLiteral n) {
            return "NULL";
        }
        if (e instanceof Expr.TimestampLiteral t) {
            return "TIMESTAMP '" + t.value().toString().replace('T', ' ') + "'";
        }
        if (e instanceof Expr.IntervalLiteral i) {
            return i.text();
        }
        if (e instanceof Expr.Name n) {
            return n.dotted();
        }
        if (e instanceof Expr.Star s) {
            return s.qualifier() == null ? "*" : s.qualifier() + ".*";
        }
        if (e instanceof Expr.Call c && c.function().equals("LIKE")) { // as written: infix
            return of(c.arguments().get(0)) + " LIKE " + of(c.arguments().get(1))
                    + (c.arguments().size() > 2 ? " ESCAPE " + of(c.arguments().get(2)) : "");
        }
        if (e instanceof Expr.Call c) {
            return c.function() + "(" + (c.distinct() ? "DISTINCT " : "") + c.arguments().stream().map(SqlText::of)
                    .collect(Collectors.joining(", ")) + ")";
        }
        if (e instanceof Expr.NamedArgument a) {
            return a.name() + " => " + of(a.value());
        }
        if (e instanceof Expr.Binary b) {
            return of(b.left()) + " " + b.operator() + " " + of(b.right());
        }
        if (e instanceof Expr.Unary u) {
            return u.operator().equals("NOT") ? "NOT " + of(u.operand()) : "-" + of(u.operand());
        }
        if (e instanceof Expr.Between b) {
            return of(b.value()) + (b.negated() ? " NOT" : "") + " BETWEEN " + of(b.low()) + " AND "
                    + of(b.high());
        }
        if (e instanceof Expr.In in) {
            return of(in.value()) + (in.negated() ? " NOT" : "") + " IN (" + in.candidates().stream()
                    .map(SqlText::of).collect(Collectors.joining(", ")) + ")";
        }
        if (e instanceof Expr.IsNull n) {
            return of(n.value()) + (n.negated() ? " IS NOT NULL" : " IS NULL");
        }
        if (e instanceof Expr.Case c) {
            return "CASE" + (c.operand() == null ? "" : " " + of(c.operand())) + c.whens().stream()
                    .map(w -> " WHEN " + of(w.condition()) + " THEN " + of(w.result())).collect(Collectors.joining())
                    + (c.otherwise() == null ? "" : " ELSE " + of(c.otherwise())) + " END";
        }
        if (e instanceof Expr.Cast c) {
            return "CAST(" + of(c.value()) + " AS " + c.type() + ")";
        }
        if (e instanceof Expr.TableArgument t) {
            return "TABLE " + t.describe() + (t.partitionBy().isEmpty() ? ""
                    : " PARTITION BY (" + String.join(", ", t.partitionBy()) + ")");
        }
        if (e instanceof Expr.Descriptor d) {
            return "DESCRIPTOR(" + String.join(", ", d.columns()) + ")";
        }
        if (e instanceof Expr.Over o) {
            Expr.Frame f = o.frame();
            String preceding = f.preceding() < 0 ? "UNBOUNDED" : f.rows() ? String.valueOf(f.preceding())
                    : "INTERVAL '" + f.preceding() + "' MILLISECOND";
            return of(o.aggregate()) + " OVER (" + (o.partitionBy().isEmpty() ? "" : "PARTITION BY "
                    + o.partitionBy().stream().map(SqlText::of).collect(Collectors.joining(", ")) + " ") + "ORDER BY "
                    + of(o.orderBy()) + (f.rows() ? " ROWS" : " RANGE") + " BETWEEN " + preceding
                    + " PRECEDING AND CURRENT ROW)";
        }
        throw new IllegalArgumentException("no SQL text for " + e);
    }
}
