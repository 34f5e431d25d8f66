package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.Position;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.runtime.sql.TimeAttributes;
import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.TimeKind;
import dev.tidemark.windowing.assigners.EventTimeSessionWindows;
import dev.tidemark.windowing.assigners.ProcessingTimeSessionWindows;
import dev.tidemark.windowing.assigners.SlidingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.TumblingProcessingTimeWindows;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Plans a window aggregation: {@code SELECT .. FROM TABLE(TUMBLE | HOP | CUMULATE | SESSION(TABLE t,
 * DESCRIPTOR(ts), ..)) GROUP BY window_start, window_end, keys..} onto a keyed event-time window with one
 * accumulator per aggregate. The window table function adds {@code window_start},
 * {@code window_end} and {@code window_time} (the window's last millisecond, a rowtime, so a second
 * window can be put over the results) and makes {@code ts} a plain timestamp, as Flink's does.
 * A window fires once, with final rows, when the watermark passes its end; late rows are dropped
 * and counted in the window operator's {@code numLateRecordsDropped}.
 */
final class WindowPlanner {

    private static final Set<String> WINDOW_COLUMNS = Set.of("window_start", "window_end", "window_time");

    private WindowPlanner() {}

    /**
     * The window table function's arguments, by name or position; a session's gap is its {@code size},
     * a cumulating window's step its {@code slide}.
     */
    private record Arguments(Expr.TableArgument table, Expr.Descriptor timeColumn, long size, long slide, long offset) {}

    /** @param tables the table a {@code TABLE t} or {@code TABLE (SELECT ..)} argument reads */
    static PlannedTable plan(Statement.Select select, Statement.TableFunction function,
            java.util.function.Function<Expr.TableArgument, PlannedTable> tables) {
        String name = function.call().function();
        if (!List.of("TUMBLE", "HOP", "CUMULATE", "SESSION").contains(name)) {
            throw function.position().error(name + " is not a window table function; the window table functions are"
                    + " TUMBLE, HOP, CUMULATE and SESSION");
        }
        Arguments arguments = arguments(function.call());
        PlannedTable input = tables.apply(arguments.table());
        String column = arguments.timeColumn().columns().get(0);
        Bound time = new Binder(input.fields()).bind(new Expr.Name(List.of(column), arguments.timeColumn().position()));
        TimeKind kind = TimeAttributes.require(time, column, name, arguments.timeColumn().position());
        Bound condition = QueryPlanner.condition(select, input); // filters the rows before they are windowed
        if (condition != null) {
            input = QueryPlanner.calc(input, condition, QueryPlanner.identity(input), input.fields(), "where: "
                    + SqlParser.textOf(select.where()));
        }
        DataType.Root root = time.type().root();
        List<Field> fields = new ArrayList<>();
        for (Field field : input.fields()) {
            fields.add(field.name().equals(column) ? new Field(field.qualifier(), field.name(), field.type().regular(),
                    null) : field);
        }
        // as in Flink: the bounds are TIMESTAMP(3) whatever the time column (over a TIMESTAMP_LTZ, in UTC,
        // Tidemark's session time zone), window_time has the time column's type
        DataType bound = DataTypes.TIMESTAMP(3).withNullable(false);
        DataType windowTime = (root == DataType.Root.TIMESTAMP ? DataTypes.TIMESTAMP(3) : DataTypes.TIMESTAMP_LTZ(3))
                .withNullable(false).as(kind);
        int windowStart = fields.size();
        fields.add(new Field(null, "window_start", bound, null));
        fields.add(new Field(null, "window_end", bound, null));
        fields.add(new Field(null, "window_time", windowTime, null));
        return aggregate(select, name, arguments, input, kind == TimeKind.ROWTIME ? ((Bound.Column) time).index() : -1,
                fields, windowStart);
    }

    private static PlannedTable aggregate(Statement.Select select, String name, Arguments arguments, PlannedTable input,
            int timeColumn, List<Field> fields, int windowStart) {
        Binder binder = new Binder(fields);
        boolean hasStart = false;
        boolean hasEnd = false;
        List<Integer> keyColumns = new ArrayList<>();
        for (Expr group : select.groupBy()) {
            if (!(group instanceof Expr.Name n)) {
                throw group.position().error("GROUP BY " + SqlParser.textOf(group) + ": only columns are supported yet");
            }
            int index = ((Bound.Column) binder.bind(n)).index();
            hasStart |= index == windowStart;
            hasEnd |= index == windowStart + 1;
            if (index < windowStart) {
                keyColumns.add(index);
            }
        }
        if (!hasStart || !hasEnd) {
            throw select.position().error("a query over " + name + "(..) must GROUP BY window_start, window_end");
        }
        List<String> partitionBy = arguments.table().partitionBy();
        List<String> keys = keyColumns.stream().map(i -> fields.get(i).name()).toList();
        if (name.equals("SESSION") && !(keys.containsAll(partitionBy) && partitionBy.containsAll(keys))) {
            throw arguments.table().position().error("SESSION: the columns of PARTITION BY " + partitionBy + " and the"
                    + " other columns of GROUP BY " + keys + " must be the same (others are not supported yet)");
        }
        Layout layout = new Layout(select.having() == null && select.items().stream().allMatch(item -> item
                .expression() instanceof Expr.Name || AggregateCalls.isAggregate(item.expression())));
        if (layout.direct) {
            directColumns(layout, select, binder, keyColumns, windowStart, input);
        } else {
            windowRowColumns(layout, select, fields, keyColumns, windowStart, input);
        }
        Map<String, Aggregate> aggregates = layout.aggregates;
        List<WindowAggregation.Output> outputs = layout.outputs;
        List<Field> out = layout.out;
        WindowAssigner<Object, TimeWindow> windows = timeColumn < 0 ? processingTime(name, arguments)
                : eventTime(name, arguments);
        List<String> plan = new ArrayList<>(input.plan());
        plan.add("WindowAggregate(" + name + (name.equals("SESSION") ? " gap=" : " size=") + arguments.size() + "ms"
                + (name.equals("HOP") ? " slide=" + arguments.slide() + "ms" : "")
                + (name.equals("CUMULATE") ? " step=" + arguments.slide() + "ms" : "") + (timeColumn < 0
                ? " in processing time" : "") + ", group by: " + String.join(", ", select.groupBy().stream()
                .map(SqlParser::textOf).toList()) + "; select: " + TableSources.describe(out) + ")");
        List<Aggregate> calls = List.copyOf(aggregates.values());
        var rows = WindowAggregation.over(input, timeColumn, keyColumns.stream().mapToInt(Integer::intValue).toArray(),
                calls, windows, outputs, fields.get(windowStart + 2).type().root());
        // rows are stamped with the window's last millisecond: in event time, that is window_time's value
        int windowTime = timeColumn < 0 ? -1
                : outputs.indexOf(new WindowAggregation.Output(WindowAggregation.Output.Kind.WINDOW_TIME, 0));
        PlannedTable windowed = new PlannedTable(rows, out, windowTime, plan, null);
        return layout.direct ? windowed : project(select, windowed, fields, layout.computed, layout.having);
    }

    /**
     * What a window's rows hold: the aggregates, by their SQL text (each computed once), and the
     * columns, each a key, a window column or an aggregate. {@code direct}: they are the query's
     * columns; else a Calc computes the select list ({@code computed}) and HAVING over them.
     */
    private static final class Layout {
        final boolean direct;
        final Map<String, Aggregate> aggregates = new LinkedHashMap<>();
        final List<WindowAggregation.Output> outputs = new ArrayList<>();
        final List<Field> out = new ArrayList<>();
        final List<Statement.SelectItem> computed = new ArrayList<>();
        Expr having;

        Layout(boolean direct) {
            this.direct = direct;
        }
    }

    /** Each select item is a key, a window column or an aggregate: the window's row is the query's. */
    private static void directColumns(Layout layout, Statement.Select select, Binder binder, List<Integer> keyColumns,
            int windowStart, PlannedTable input) {
        for (Statement.SelectItem item : select.items()) {
            Expr e = item.expression();
            if (e instanceof Expr.Call call) {
                int index = aggregateIndex(call, layout.aggregates, input);
                layout.outputs.add(new WindowAggregation.Output(WindowAggregation.Output.Kind.AGGREGATE, index));
                Aggregate aggregate = layout.aggregates.get(SqlParser.textOf(call));
                layout.out.add(new Field(null, QueryPlanner.nameOf(item, layout.out.size()), aggregate.type(), null));
                continue;
            }
            Expr.Name n = (Expr.Name) e;
            Bound.Column c = (Bound.Column) binder.bind(n);
            layout.outputs.add(outputOf(c.index(), windowStart, keyColumns, n));
            layout.out.add(new Field(null, QueryPlanner.nameOf(item, layout.out.size()), c.field().type(), null));
        }
    }

    /**
     * The window's row holds its window, keys and aggregates ({@code $agg0}, ..), and the select list
     * and HAVING are rewritten to read the aggregates from there.
     */
    private static void windowRowColumns(Layout layout, Statement.Select select, List<Field> fields,
            List<Integer> keyColumns, int windowStart, PlannedTable input) {
        java.util.function.Function<Expr.Call, Expr> column = call -> new Expr.Name(List.of("$agg"
                + aggregateIndex(call, layout.aggregates, input)), call.position());
        for (Statement.SelectItem item : select.items()) {
            if (item.expression() instanceof Expr.Star star) {
                throw star.position().error("* in a window aggregation: name the grouping columns and aggregates");
            }
            layout.computed.add(new Statement.SelectItem(AggregateCalls.replace(item.expression(), column),
                    QueryPlanner.nameOf(item, layout.computed.size())));
        }
        layout.having = select.having() == null ? null : AggregateCalls.replace(select.having(), column);
        for (int i = 0; i < 3; i++) {
            layout.outputs.add(new WindowAggregation.Output(WindowAggregation.Output.Kind.values()[1 + i], 0));
            layout.out.add(fields.get(windowStart + i));
        }
        for (int i = 0; i < keyColumns.size(); i++) {
            layout.outputs.add(new WindowAggregation.Output(WindowAggregation.Output.Kind.KEY, i));
            layout.out.add(fields.get(keyColumns.get(i)));
        }
        int i = 0;
        for (Aggregate aggregate : layout.aggregates.values()) {
            layout.outputs.add(new WindowAggregation.Output(WindowAggregation.Output.Kind.AGGREGATE, i));
            layout.out.add(new Field(null, "$agg" + i++, aggregate.type(), null));
        }
    }

    /** {@code e} over a window's row; a column of the input that is neither grouped nor aggregated is named as such. */
    private static Bound bindGrouped(Expr e, Binder grouped, Binder input) {
        for (Expr.Name name : AggregateCalls.names(e)) {
            if (!name.parts().get(0).startsWith("$agg") && !binds(name, grouped) && binds(name, input)) {
                throw name.position().error("column '" + name.dotted() + "' is neither grouped nor aggregated; add it to"
                        + " GROUP BY or aggregate it");
            }
        }
        return grouped.bind(e);
    }

    private static boolean binds(Expr.Name name, Binder binder) {
        try {
            binder.bind(name);
            return true;
        } catch (dev.tidemark.table.SqlException e) {
            return false;
        }
    }

    /** The index of {@code call} among the query's aggregates, added if it is new. */
    private static int aggregateIndex(Expr.Call call, Map<String, Aggregate> aggregates, PlannedTable input) {
        String text = SqlParser.textOf(call);
        aggregates.computeIfAbsent(text, t -> aggregateOf(call, new Binder(input.fields())));
        return new ArrayList<>(aggregates.keySet()).indexOf(text);
    }

    /**
     * The select list and HAVING over the windows' rows, each aggregate read from its column
     * ({@code $agg0}, ..): {@code SUM(qty) * 2}, {@code HAVING COUNT(*) > 1}.
     */
    private static PlannedTable project(Statement.Select select, PlannedTable windowed, List<Field> fields,
            List<Statement.SelectItem> items, Expr condition) {
        Binder binder = new Binder(windowed.fields());
        Binder everything = new Binder(fields);
        List<Bound> projections = new ArrayList<>();
        List<Field> out = new ArrayList<>();
        for (Statement.SelectItem item : items) {
            Bound value = bindGrouped(item.expression(), binder, everything);
            projections.add(value);
            out.add(new Field(null, item.alias(), value.type(), value.loss()));
        }
        Bound having = null;
        if (condition != null) {
            having = bindGrouped(condition, binder, everything);
            if (having.type().root() != DataType.Root.BOOLEAN) {
                throw select.having().position().error("HAVING needs a BOOLEAN condition, not "
                        + having.type().regular());
            }
        }
        return QueryPlanner.calc(windowed, having, projections, out, (having == null ? "" : "having: "
                + SqlParser.textOf(select.having()) + "; ") + "select: " + TableSources.describe(out));
    }

    private static WindowAssigner<Object, TimeWindow> eventTime(String name, Arguments arguments) {
        return switch (name) {
            case "TUMBLE" -> TumblingEventTimeWindows.of(Duration.ofMillis(arguments.size()),
                    Duration.ofMillis(arguments.offset()));
            case "HOP" -> SlidingEventTimeWindows.of(Duration.ofMillis(arguments.size()),
                    Duration.ofMillis(arguments.slide()), Duration.ofMillis(arguments.offset()));
            case "CUMULATE" -> new CumulativeWindows(arguments.slide(), arguments.size(), arguments.offset(), true);
            default -> EventTimeSessionWindows.withGap(Duration.ofMillis(arguments.size()));
        };
    }

    private static WindowAssigner<Object, TimeWindow> processingTime(String name, Arguments arguments) {
        return switch (name) {
            case "TUMBLE" -> TumblingProcessingTimeWindows.of(Duration.ofMillis(arguments.size()),
                    Duration.ofMillis(arguments.offset()));
            case "HOP" -> SlidingProcessingTimeWindows.of(Duration.ofMillis(arguments.size()),
                    Duration.ofMillis(arguments.slide()), Duration.ofMillis(arguments.offset()));
            case "CUMULATE" -> new CumulativeWindows(arguments.slide(), arguments.size(), arguments.offset(), false);
            default -> ProcessingTimeSessionWindows.withGap(Duration.ofMillis(arguments.size()));
        };
    }

    private static WindowAggregation.Output outputOf(int index, int windowStart, List<Integer> keys, Expr.Name n) {
        if (index >= windowStart) {
            return new WindowAggregation.Output(WindowAggregation.Output.Kind.values()[1 + index - windowStart], 0);
        }
        int key = keys.indexOf(index);
        if (key < 0) {
            throw n.position().error("column '" + n.dotted() + "' is neither grouped nor aggregated; add it to GROUP BY"
                    + " or aggregate it");
        }
        return new WindowAggregation.Output(WindowAggregation.Output.Kind.KEY, key);
    }

    /** The aggregate {@code call} names, over its argument bound by {@code binder}. */
    static Aggregate aggregateOf(Expr.Call call, Binder binder) {
        if (call.arguments().size() != 1) {
            throw call.position().error(call.function() + " takes one argument");
        }
        Expr argument = call.arguments().get(0);
        if (argument instanceof Expr.Star) {
            if (!call.function().equals("COUNT")) {
                throw argument.position().error("only COUNT takes *");
            }
            return Aggregate.of("COUNT", null);
        }
        Bound value = binder.bind(argument);
        boolean numeric = value.type().isNumeric();
        if ((call.function().equals("SUM") || call.function().equals("AVG")) && !numeric) {
            throw argument.position().error(call.function() + " needs a number, not " + value.type().regular());
        }
        return Aggregate.of(call.function(), value, call.distinct());
    }

    private static Arguments arguments(Expr.Call call) {
        boolean session = call.function().equals("SESSION");
        List<String> names = switch (call.function()) {
            case "TUMBLE" -> List.of("DATA", "TIMECOL", "SIZE", "OFFSET");
            case "HOP" -> List.of("DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET");
            case "CUMULATE" -> List.of("DATA", "TIMECOL", "STEP", "SIZE", "OFFSET");
            default -> List.of("DATA", "TIMECOL", "GAP");
        };
        Map<String, Expr> given = new LinkedHashMap<>();
        for (int i = 0; i < call.arguments().size(); i++) {
            Expr argument = call.arguments().get(i);
            if (argument instanceof Expr.NamedArgument named) {
                if (!names.contains(named.name())) {
                    throw named.position().error(call.function() + " has no argument " + named.name() + "; it takes "
                            + names);
                }
                given.put(named.name(), named.value());
            } else if (i < names.size()) {
                given.put(names.get(i), argument);
            } else {
                throw argument.position().error(call.function() + " takes at most " + names.size() + " arguments");
            }
        }
        if (!(given.get("DATA") instanceof Expr.TableArgument table)) {
            throw call.position().error(call.function() + " needs TABLE t as its first argument");
        }
        if (!session && !table.partitionBy().isEmpty()) {
            throw table.position().error(call.function() + " takes no PARTITION BY; only SESSION does");
        }
        if (!(given.get("TIMECOL") instanceof Expr.Descriptor descriptor) || descriptor.columns().size() != 1) {
            throw call.position().error(call.function() + " needs DESCRIPTOR(time_column) as its second argument");
        }
        long size = interval(given.get(session ? "GAP" : "SIZE"), session ? "GAP" : "SIZE", call);
        long slide = switch (call.function()) {
            case "HOP" -> interval(given.get("SLIDE"), "SLIDE", call);
            case "CUMULATE" -> interval(given.get("STEP"), "STEP", call);
            default -> size;
        };
        if (call.function().equals("CUMULATE") && size % slide != 0) {
            throw given.get("SIZE").position().error("CUMULATE needs its SIZE to be a multiple of its STEP: step="
                    + slide + "ms, size=" + size + "ms");
        }
        long offset = given.containsKey("OFFSET") ? interval(given.get("OFFSET"), "OFFSET", call) : 0;
        return new Arguments(table, descriptor, size, slide, offset);
    }

    private static long interval(Expr e, String name, Expr.Call call) {
        if (!(e instanceof Expr.IntervalLiteral interval) || interval.millis() <= 0 && !name.equals("OFFSET")) {
            Position at = e == null ? call.position() : e.position();
            throw at.error(call.function() + " needs its " + name + " as a positive INTERVAL, such as INTERVAL '10'"
                    + " MINUTES");
        }
        return interval.millis();
    }
}
