package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * A join condition taken apart: the equalities between a left and a right column (the join's key),
 * the bounds on how far the right rowtime may lie from the left one (an interval join's interval),
 * and the rest, evaluated on each joined pair.
 */
final class JoinConditions {

    /** {@code left = right}, by column index in the joined row. */
    record KeyPair(int left, int right, Expr at) {}

    /**
     * {@code right time - left time >= offset} (a lower bound) or {@code <= offset} (an upper bound),
     * {@code >} and {@code <} when not inclusive; columns by index in the joined row.
     */
    record TimeBound(int left, int right, long offset, boolean lower, boolean inclusive, Expr at) {}

    final List<KeyPair> keys = new ArrayList<>();
    final List<TimeBound> bounds = new ArrayList<>();
    final List<Expr> residual = new ArrayList<>();

    private final Binder binder;
    private final List<Field> fields;
    private final int leftSize;

    private JoinConditions(List<Field> fields, int leftSize) {
        this.fields = fields;
        this.leftSize = leftSize;
        this.binder = new Binder(fields);
    }

    /** {@code condition} over the joined row, whose first {@code leftSize} columns are the left side's. */
    static JoinConditions of(Expr condition, List<Field> fields, int leftSize) {
        JoinConditions conditions = new JoinConditions(fields, leftSize);
        for (Expr conjunct : conjuncts(condition, new ArrayList<>())) {
            conditions.classify(conjunct);
        }
        return conditions;
    }

    private static List<Expr> conjuncts(Expr e, List<Expr> into) {
        if (e instanceof Expr.Binary b && b.operator().equals("AND")) {
            conjuncts(b.left(), into);
            conjuncts(b.right(), into);
        } else {
            into.add(e);
        }
        return into;
    }

    private void classify(Expr e) {
        if (e instanceof Expr.Binary b && b.operator().equals("=") && b.left() instanceof Expr.Name l
                && b.right() instanceof Expr.Name r) {
            int a = column(l);
            int c = column(r);
            boolean bothTimes = fields.get(a).type().isTimeAttribute() && fields.get(c).type().isTimeAttribute();
            if (left(a) != left(c) && !bothTimes) {
                keys.add(left(a) ? new KeyPair(a, c, e) : new KeyPair(c, a, e));
                return;
            }
        }
        if (e instanceof Expr.Binary b && List.of("<", "<=", ">", ">=", "=").contains(b.operator())) {
            Term p = term(b.left());
            Term q = term(b.right());
            if (p != null && q != null && left(p.column) != left(q.column)) {
                if (b.operator().equals("=")) {
                    bound(p, ">=", q, e);
                    bound(p, "<=", q, e);
                } else {
                    bound(p, b.operator(), q, e);
                }
                return;
            }
        }
        if (e instanceof Expr.Between between && !between.negated()) {
            Term value = term(between.value());
            Term low = term(between.low());
            Term high = term(between.high());
            if (value != null && low != null && high != null && left(low.column) == left(high.column)
                    && left(value.column) != left(low.column)) {
                bound(value, ">=", low, e);
                bound(value, "<=", high, e);
                return;
            }
        }
        residual.add(e);
    }

    /** Records {@code p op q} as a bound on right time minus left time. */
    private void bound(Term p, String op, Term q, Expr at) {
        // p.time + p.offset op q.time + q.offset; with p on the right, right - left op q.offset - p.offset,
        // and with p on the left the comparison turns round
        boolean pRight = !left(p.column);
        long offset = pRight ? Math.subtractExact(q.offset, p.offset) : Math.subtractExact(p.offset, q.offset);
        String rightMinusLeft = pRight ? op : switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            default -> "<=";
        };
        int l = pRight ? q.column : p.column;
        int r = pRight ? p.column : q.column;
        bounds.add(new TimeBound(l, r, offset, rightMinusLeft.startsWith(">"), rightMinusLeft.endsWith("="), at));
    }

    /** A timestamp column, maybe plus or minus an interval literal; {@code null} for anything else. */
    private record Term(int column, long offset) {}

    private Term term(Expr e) {
        if (e instanceof Expr.Name name) {
            int column = column(name);
            return fields.get(column).type().isTimestamp() ? new Term(column, 0) : null;
        }
        if (e instanceof Expr.Binary b && (b.operator().equals("+") || b.operator().equals("-"))
                && b.right() instanceof Expr.IntervalLiteral interval) {
            Term base = term(b.left());
            if (base == null) {
                return null;
            }
            long shift = b.operator().equals("+") ? interval.millis() : Math.negateExact(interval.millis());
            return new Term(base.column, Math.addExact(base.offset, shift));
        }
        return null;
    }

    private int column(Expr.Name name) {
        return ((Bound.Column) binder.bind(name)).index();
    }

    private boolean left(int column) {
        return column < leftSize;
    }
}
