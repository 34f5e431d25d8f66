package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Expr;
import java.util.List;
import java.util.function.Function;

/**
 * Finds the aggregate calls inside an expression of an aggregating query's select list or HAVING,
 * and puts what {@code replacement} says in their place: {@code SUM(qty) * 2 > 10} becomes
 * {@code $agg0 * 2 > 10}, which is evaluated on the aggregated row.
 */
final class AggregateCalls {

    private AggregateCalls() {}

    static boolean isAggregate(Expr e) {
        return e instanceof Expr.Call call && dev.tidemark.runtime.sql.Binder.AGGREGATES.contains(call.function());
    }

    static Expr replace(Expr e, Function<Expr.Call, Expr> replacement) {
        if (isAggregate(e)) {
            return replacement.apply((Expr.Call) e);
        }
        if (e instanceof Expr.Call c) {
            return new Expr.Call(c.function(), all(c.arguments(), replacement), c.distinct(), c.position());
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.operator(), replace(b.left(), replacement), replace(b.right(), replacement),
                    b.position());
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.operator(), replace(u.operand(), replacement), u.position());
        }
        if (e instanceof Expr.Between b) {
            return new Expr.Between(replace(b.value(), replacement), replace(b.low(), replacement),
                    replace(b.high(), replacement), b.negated(), b.position());
        }
        if (e instanceof Expr.In in) {
            return new Expr.In(replace(in.value(), replacement), all(in.candidates(), replacement), in.negated(),
                    in.position());
        }
        if (e instanceof Expr.IsNull n) {
            return new Expr.IsNull(replace(n.value(), replacement), n.negated(), n.position());
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(replace(c.value(), replacement), c.type(), c.position());
        }
        if (e instanceof Expr.Case c) {
            return new Expr.Case(c.operand() == null ? null : replace(c.operand(), replacement), c.whens().stream()
                    .map(w -> new Expr.When(replace(w.condition(), replacement), replace(w.result(), replacement)))
                    .toList(), c.otherwise() == null ? null : replace(c.otherwise(), replacement), c.position());
        }
        return e; // a literal, a name
    }

    /** The column names {@code e} reads, outside aggregates' arguments too. */
    static List<Expr.Name> names(Expr e) {
        List<Expr.Name> names = new java.util.ArrayList<>();
        collect(e, names);
        return names;
    }

    private static void collect(Expr e, List<Expr.Name> into) {
        if (e instanceof Expr.Name n) {
            into.add(n);
        } else if (e instanceof Expr.Call c) {
            c.arguments().forEach(a -> collect(a, into));
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), into);
            collect(b.right(), into);
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), into);
        } else if (e instanceof Expr.Between b) {
            List.of(b.value(), b.low(), b.high()).forEach(x -> collect(x, into));
        } else if (e instanceof Expr.In in) {
            collect(in.value(), into);
            in.candidates().forEach(x -> collect(x, into));
        } else if (e instanceof Expr.IsNull n) {
            collect(n.value(), into);
        } else if (e instanceof Expr.Cast c) {
            collect(c.value(), into);
        } else if (e instanceof Expr.Case c) {
            if (c.operand() != null) {
                collect(c.operand(), into);
            }
            c.whens().forEach(w -> {
                collect(w.condition(), into);
                collect(w.result(), into);
            });
            if (c.otherwise() != null) {
                collect(c.otherwise(), into);
            }
        }
    }

    private static List<Expr> all(List<Expr> es, Function<Expr.Call, Expr> replacement) {
        return es.stream().map(e -> replace(e, replacement)).toList();
    }
}
