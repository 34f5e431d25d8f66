package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.table.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans a query over the registered tables and views: filters and projections over one table
 * (statement S3) and window aggregations over TUMBLE, HOP, CUMULATE and SESSION
 * ({@link WindowPlanner}, S4 to S8); what is not built yet is refused with "not supported yet" at
 * its position.
 */
public final class QueryPlanner {

    private final Catalog catalog;
    private final ColumnDemand demand;

    /** A planner of {@code query}, over the tables and views of {@code catalog}. */
    public static PlannedTable plan(Statement.Select query, Catalog catalog) {
        return new QueryPlanner(catalog, ColumnDemand.of(query, catalog)).plan(query);
    }

    /** @param demand the columns the whole statement reads, which the scans of its streams make */
    QueryPlanner(Catalog catalog, ColumnDemand demand) {
        this.catalog = catalog;
        this.demand = demand;
    }

    /** @throws dev.tidemark.table.SqlException at the first part of the query that cannot be planned */
    public PlannedTable plan(Statement.Select select) {
        if (select.from() instanceof Statement.Join join && join.condition() == null) { // FROM a, b WHERE ..
            if (select.where() == null) {
                throw join.position().error("a join written with ',' takes its condition from WHERE, and the query"
                        + " has none");
            }
            select = new Statement.Select(select.items(), new Statement.Join(join.left(), join.right(), join.kind(),
                    select.where(), join.position()), null, select.groupBy(), select.having(), select.position());
        }
        if (select.from() instanceof Statement.TableFunction function) {
            return WindowPlanner.plan(select, function, this::tableArgument);
        }
        Statement.Select windowed = LegacyGroupWindows.rewrite(select);
        if (windowed != null) {
            return WindowPlanner.plan(windowed, (Statement.TableFunction) windowed.from(), this::tableArgument);
        }
        PlannedTable input = from(select.from());
        if (!select.groupBy().isEmpty()) {
            throw select.groupBy().get(0).position().error("GROUP BY " + SqlParser.textOf(select.groupBy().get(0))
                    + " on a stream without a window would update its results (not supported); group by a window:"
                    + " FROM TABLE(TUMBLE(..)) GROUP BY window_start, window_end, ..");
        }
        if (select.having() != null) {
            throw select.having().position().error("HAVING needs a GROUP BY over a window");
        }
        Bound condition = condition(select, input);
        List<Statement.SelectItem> items = select.items();
        int starColumns = input.fields().size(); // * reads the input's columns, not the OVER aggregates'
        if (OverPlanner.hasOver(select)) { // the rows WHERE keeps go into the windows, and the select list reads them
            if (condition != null) {
                input = calc(input, condition, identity(input), input.fields(), "where: " + SqlParser.textOf(
                        select.where()));
                condition = null;
            }
            OverPlanner.Planned over = OverPlanner.plan(select, input);
            input = over.table();
            items = over.items();
        }
        Binder binder = new Binder(input.fields());
        List<Bound> projections = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (Statement.SelectItem item : items) {
            if (item.expression() instanceof Expr.Star star) {
                for (int i = 0; i < starColumns; i++) {
                    Field field = input.fields().get(i);
                    if (star.qualifier() == null || star.qualifier().equals(field.qualifier())) {
                        projections.add(new Bound.Column(i, field));
                        fields.add(new Field(null, field.name(), field.type(), field.loss()));
                    }
                }
                continue;
            }
            requireNoAggregate(item.expression());
            Bound value = binder.bind(item.expression());
            projections.add(value);
            fields.add(new Field(null, nameOf(item, fields.size()), value.type(), value.loss()));
        }
        String described = (condition == null ? "" : "where: " + SqlParser.textOf(select.where()) + "; ") + "select: "
                + TableSources.describe(fields);
        return calc(input, condition, projections, fields, described);
    }

    static Bound condition(Statement.Select select, PlannedTable input) {
        Bound condition = select.where() == null ? null : new Binder(input.fields()).bind(select.where());
        if (condition != null && condition.type().root() != DataType.Root.BOOLEAN) {
            throw select.where().position().error("WHERE needs a BOOLEAN condition, not " + condition.type().regular());
        }
        return condition;
    }

    static List<Bound> identity(PlannedTable input) {
        List<Bound> columns = new ArrayList<>();
        for (int i = 0; i < input.fields().size(); i++) {
            columns.add(new Bound.Column(i, input.fields().get(i)));
        }
        return columns;
    }

    /** The rows {@code condition} keeps, as {@code projections} make them; a rowtime passed on stays the records' time. */
    static PlannedTable calc(PlannedTable input, Bound condition, List<Bound> projections, List<Field> fields,
            String described) {
        int timestampColumn = -1;
        for (int i = 0; i < projections.size() && timestampColumn < 0; i++) {
            if (projections.get(i) instanceof Bound.Column c && c.index() == input.timestampColumn()) {
                timestampColumn = i;
            }
        }
        List<String> plan = new ArrayList<>(input.plan());
        plan.add("Calc(" + described + ")");
        return new PlannedTable(input.rows().process(new Calc(condition, projections)).name("Calc"), fields,
                timestampColumn, plan);
    }

    private PlannedTable tableArgument(Expr.TableArgument argument) {
        if (argument.query() != null) {
            return plan(argument.query());
        }
        return catalog.table(argument.table(), argument.position(), demand).qualified(argument.table());
    }

    private PlannedTable from(Statement.From from) {
        if (from instanceof Statement.TableName table) {
            PlannedTable planned = catalog.table(table.name(), table.position(), demand);
            return planned.qualified(table.alias() != null ? table.alias() : table.name());
        }
        if (from instanceof Statement.SubQuery sub) {
            PlannedTable planned = plan(sub.query());
            return sub.alias() == null ? planned : planned.qualified(sub.alias());
        }
        if (from instanceof Statement.Join join) {
            return JoinPlanner.plan(join, from(join.left()), from(join.right()));
        }
        throw from.position().error("TABLE(" + ((Statement.TableFunction) from).call().function() + "(..)) needs a"
                + " GROUP BY window_start, window_end in the query that reads it");
    }

    private static void requireNoAggregate(Expr e) {
        if (AggregateCalls.isAggregate(e) && e instanceof Expr.Call call) {
            throw call.position().error("aggregate " + call.function() + " on a stream without a window would update"
                    + " its result (not supported); aggregate per window: FROM TABLE(TUMBLE(..)) GROUP BY window_start,"
                    + " window_end");
        }
    }

    /** An item's column name: its alias, the column it names, or {@code EXPR$n} as Flink names the rest. */
    static String nameOf(Statement.SelectItem item, int position) {
        if (item.alias() != null) {
            return item.alias();
        }
        if (item.expression() instanceof Expr.Name name) {
            return name.parts().get(name.parts().size() - 1);
        }
        return "EXPR$" + position;
    }
}
