package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.runtime.sql.TimeAttributes;
import dev.tidemark.table.TimeKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans the OVER aggregates of a select list ({@code SUM(price) OVER (PARTITION BY item ORDER BY
 * bidtime RANGE BETWEEN INTERVAL '1' HOUR PRECEDING AND CURRENT ROW)}) onto {@link OverAggregation}:
 * the rows come out with the aggregates' values as extra columns, which the select list then reads
 * by name. All OVER aggregates of one query share one window, as in Flink.
 */
final class OverPlanner {

    private OverPlanner() {}

    /** The input with the aggregates' columns added, and the select list reading them. */
    record Planned(PlannedTable table, List<Statement.SelectItem> items) {}

    static boolean hasOver(Statement.Select select) {
        return select.items().stream().anyMatch(item -> item.expression() instanceof Expr.Over);
    }

    static Planned plan(Statement.Select select, PlannedTable input) {
        List<Expr.Over> overs = select.items().stream().map(Statement.SelectItem::expression)
                .filter(Expr.Over.class::isInstance).map(Expr.Over.class::cast).toList();
        Expr.Over first = overs.get(0);
        String window = windowText(first);
        for (Expr.Over over : overs) {
            if (!windowText(over).equals(window)) {
                throw over.position().error("all OVER aggregates of a query must have the same window; this one's"
                        + " differs from the first's (" + window + ")");
            }
        }
        Binder binder = new Binder(input.fields());
        if (!(first.orderBy() instanceof Expr.Name orderName)) {
            throw first.orderBy().position().error("OVER needs ORDER BY a time attribute column, not '"
                    + SqlParser.textOf(first.orderBy()) + "'");
        }
        Bound order = binder.bind(orderName);
        if (TimeAttributes.require(order, orderName.dotted(), "OVER", orderName.position()) != TimeKind.ROWTIME) {
            throw orderName.position().error("OVER ordered by the processing-time attribute '" + orderName.dotted()
                    + "' is not supported yet");
        }
        int timeColumn = ((Bound.Column) order).index();
        int[] keys = new int[first.partitionBy().size()];
        for (int i = 0; i < keys.length; i++) {
            if (!(first.partitionBy().get(i) instanceof Expr.Name n)) {
                throw first.partitionBy().get(i).position().error("OVER: PARTITION BY takes columns only");
            }
            keys[i] = ((Bound.Column) binder.bind(n)).index();
        }
        List<Aggregate> aggregates = new ArrayList<>();
        List<Field> fields = new ArrayList<>(input.fields());
        List<Statement.SelectItem> items = new ArrayList<>();
        for (Statement.SelectItem item : select.items()) {
            if (item.expression() instanceof Expr.Over over) {
                Aggregate aggregate = WindowPlanner.aggregateOf(over.aggregate(), binder);
                String column = "$over" + aggregates.size();
                aggregates.add(aggregate);
                fields.add(new Field(null, column, aggregate.type(), null));
                items.add(new Statement.SelectItem(new Expr.Name(List.of(column), over.position()),
                        item.alias() != null ? item.alias() : "EXPR$" + items.size()));
            } else {
                items.add(item);
            }
        }
        Expr.Frame frame = first.frame();
        WindowKeys.RowKey key = new WindowKeys.RowKey(keys);
        var rows = input.rowsStampedBy(timeColumn)
                .transform("OverAggregate", LateRows::new)
                .keyBy(key)
                .process(new OverAggregation(aggregates, frame.rows(), frame.preceding(), timeColumn))
                .name("OverAggregate.Rows");
        List<String> plan = new ArrayList<>(input.plan());
        plan.add("OverAggregate(" + window + "; " + String.join(", ", overs.stream().map(o -> SqlParser.textOf(
                o.aggregate())).toList()) + ")");
        return new Planned(new PlannedTable(rows, fields, timeColumn, plan), items);
    }

    private static String windowText(Expr.Over over) {
        String text = SqlParser.textOf(over);
        return text.substring(text.indexOf(" OVER (") + 6);
    }
}
