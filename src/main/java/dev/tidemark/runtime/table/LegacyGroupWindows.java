package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Flink's legacy group windows as the window table functions they are sugar for (statement S9):
 * {@code GROUP BY TUMBLE(ts, size), k} reads as {@code FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts),
 * size)) GROUP BY window_start, window_end, k}, likewise {@code HOP(ts, slide, size)} and
 * {@code SESSION(ts, gap)} (partitioned by the other grouping columns), and
 * {@code TUMBLE_START/_END/_ROWTIME(..)} are {@code window_start}, {@code window_end} and
 * {@code window_time}: the start and end are plain timestamps, the rowtime is a rowtime.
 */
final class LegacyGroupWindows {

    private static final Map<String, String> PROPERTIES = Map.of("_START", "window_start", "_END", "window_end",
            "_ROWTIME", "window_time");

    private LegacyGroupWindows() {}

    /** {@code select} in window-table-function form, or {@code null} if it has no group window. */
    static Statement.Select rewrite(Statement.Select select) {
        Expr.Call window = null;
        List<Expr> keys = new ArrayList<>();
        for (Expr group : select.groupBy()) {
            if (group instanceof Expr.Call call && List.of("TUMBLE", "HOP", "SESSION").contains(call.function())) {
                if (window != null) {
                    throw call.position().error("a query groups by at most one window");
                }
                window = call;
            } else {
                keys.add(group);
            }
        }
        if (window == null) {
            return null;
        }
        if (!(select.from() instanceof Statement.TableName table)) {
            throw window.position().error("GROUP BY " + window.function() + "(..) needs a table or view in FROM; over"
                    + " anything else, use FROM TABLE(" + window.function() + "(TABLE t, DESCRIPTOR(time_column), ..))");
        }
        if (window.arguments().isEmpty() || !(window.arguments().get(0) instanceof Expr.Name time)) {
            throw window.position().error(window.function() + "(time_column, ..) needs the time column first");
        }
        List<String> partitionBy = new ArrayList<>();
        if (window.function().equals("SESSION")) {
            for (Expr key : keys) {
                if (key instanceof Expr.Name name) {
                    partitionBy.add(name.parts().get(name.parts().size() - 1));
                }
            }
        }
        List<Expr> arguments = new ArrayList<>();
        arguments.add(new Expr.TableArgument(table.name(), null, partitionBy, table.position()));
        arguments.add(new Expr.Descriptor(List.of(time.parts().get(time.parts().size() - 1)), time.position()));
        arguments.addAll(window.arguments().subList(1, window.arguments().size()));
        Statement.TableFunction from = new Statement.TableFunction(new Expr.Call(window.function(), arguments,
                window.position()), table.alias(), table.position());
        List<Expr> groupBy = new ArrayList<>(List.of(new Expr.Name(List.of("window_start"), window.position()),
                new Expr.Name(List.of("window_end"), window.position())));
        groupBy.addAll(keys);
        List<Statement.SelectItem> items = new ArrayList<>();
        for (Statement.SelectItem item : select.items()) {
            items.add(new Statement.SelectItem(property(item.expression(), window.function()), item.alias()));
        }
        return new Statement.Select(items, from, select.where(), groupBy, select.having(), select.position());
    }

    /** {@code TUMBLE_START(..)} and the like as the window column they name; anything else as it is. */
    private static Expr property(Expr e, String window) {
        if (e instanceof Expr.Call call && call.function().startsWith(window + "_")) {
            String column = PROPERTIES.get(call.function().substring(window.length()));
            if (column == null) {
                throw call.position().error(call.function() + " is not supported");
            }
            return new Expr.Name(List.of(column), call.position());
        }
        return e;
    }
}
