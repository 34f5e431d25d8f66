package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns of a stream's table that one statement can read, found by name before it is planned,
 * so that its scan of the stream makes only those values (Flink pushes a query's projection into
 * the source the same way). It errs towards reading: a name counts wherever it is written, in the
 * statement or in a view it reads, whatever table it belongs to, and any {@code *} reads every
 * column of every table. A column named only in {@code DESCRIPTOR(..)} is kept apart: a window
 * over the table's own timestamp column needs the column, not its values.
 *
 * @param all whether every column is read
 * @param names the names written as values
 * @param descriptors the names written in {@code DESCRIPTOR(..)}
 */
record ColumnDemand(boolean all, Set<String> names, Set<String> descriptors) {

    /** Every column: for a table read outside SQL, or turned back into a stream as a whole. */
    static final ColumnDemand ALL = new ColumnDemand(true, Set.of(), Set.of());

    ColumnDemand {
        names = Set.copyOf(names);
        descriptors = Set.copyOf(descriptors);
    }

    /** What {@code query} reads, through the views of {@code catalog} it names. */
    static ColumnDemand of(Statement.Select query, Catalog catalog) {
        Walk walk = new Walk(catalog);
        walk.select(query);
        return walk.all ? ALL : new ColumnDemand(false, walk.names, walk.descriptors);
    }

    /** The names an expression reads (of a table's computed column or watermark). */
    static Set<String> namesIn(Expr expression) {
        Walk walk = new Walk(null);
        walk.expression(expression);
        return walk.names;
    }

    /** Whether a column named {@code name} is read as a value. */
    boolean reads(String name) {
        return all || names.contains(name);
    }

    /** Whether {@code name} is a window's time column. */
    boolean windows(String name) {
        return all || descriptors.contains(name);
    }

    private static final class Walk {
        private final Catalog catalog;
        private final Set<String> names = new HashSet<>();
        private final Set<String> descriptors = new HashSet<>();
        private final Set<String> viewsSeen = new HashSet<>();
        private boolean all;

        Walk(Catalog catalog) {
            this.catalog = catalog;
        }

        void select(Statement.Select select) {
            for (Statement.SelectItem item : select.items()) {
                expression(item.expression());
            }
            from(select.from());
            expression(select.where());
            select.groupBy().forEach(this::expression);
            expression(select.having());
        }

        private void from(Statement.From from) {
            if (from instanceof Statement.TableName table) {
                table(table.name());
            } else if (from instanceof Statement.TableFunction function) {
                expression(function.call());
            } else if (from instanceof Statement.SubQuery sub) {
                select(sub.query());
            } else if (from instanceof Statement.Join join) {
                from(join.left());
                from(join.right());
                expression(join.condition());
            }
        }

        private void table(String name) {
            Statement.Select view = catalog == null ? null : catalog.view(name);
            if (view != null && viewsSeen.add(name)) {
                select(view);
            }
        }

        void expression(Expr e) {
            if (e == null) {
                return;
            }
            if (e instanceof Expr.Name name) {
                names.addAll(name.parts());
            } else if (e instanceof Expr.Star) {
                all = true;
            } else if (e instanceof Expr.Descriptor descriptor) {
                descriptors.addAll(descriptor.columns());
            } else if (e instanceof Expr.Call call) { // the * of COUNT(*) reads no column
                call.arguments().stream().filter(a -> !(a instanceof Expr.Star)).forEach(this::expression);
            } else if (e instanceof Expr.Over over) {
                expression(over.aggregate());
                expressions(over.partitionBy());
                expression(over.orderBy());
            } else if (e instanceof Expr.NamedArgument argument) {
                expression(argument.value());
            } else if (e instanceof Expr.Binary binary) {
                expression(binary.left());
                expression(binary.right());
            } else if (e instanceof Expr.Unary unary) {
                expression(unary.operand());
            } else if (e instanceof Expr.Between between) {
                expression(between.value());
                expression(between.low());
                expression(between.high());
            } else if (e instanceof Expr.In in) {
                expression(in.value());
                expressions(in.candidates());
            } else if (e instanceof Expr.IsNull isNull) {
                expression(isNull.value());
            } else if (e instanceof Expr.Case c) {
                expression(c.operand());
                for (Expr.When when : c.whens()) {
                    expression(when.condition());
                    expression(when.result());
                }
                expression(c.otherwise());
            } else if (e instanceof Expr.Cast cast) {
                expression(cast.value());
            } else if (e instanceof Expr.TableArgument argument) {
                if (argument.query() != null) {
                    select(argument.query());
                } else {
                    table(argument.table());
                }
                names.addAll(argument.partitionBy());
            }
            // literals read no column
        }

        private void expressions(List<Expr> expressions) {
            expressions.forEach(this::expression);
        }
    }
}
