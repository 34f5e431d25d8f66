package dev.tidemark.runtime.table;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.runtime.sql.Position;
import dev.tidemark.runtime.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The tables and views SQL can name: views of streams and queries, and tables of {@code CREATE
 * TABLE}, whose source joins the job only when a query reads the table, as a source of that query's
 * own (as in Flink, where each scan of a table is one): a table written by {@code INSERT INTO} alone
 * never reads its connector, and a table stays readable by the jobs after the first.
 */
public final class Catalog {

    private final StreamExecutionEnvironment env;
    private final Map<String, PlannedTable> planned = new HashMap<>();
    private final Map<String, StreamTable<?>> streams = new HashMap<>();
    private final Map<String, Statement.CreateTable> defined = new HashMap<>();
    private final Map<String, Statement.Select> views = new HashMap<>();

    public Catalog(StreamExecutionEnvironment env) {
        this.env = env;
    }

    /** Names a planned table or view; a later call with the same name replaces it. */
    public void put(String name, PlannedTable table) {
        remove(name);
        planned.put(name, table);
    }

    /** Names a stream's table, which each query that reads it scans for the columns it reads. */
    public void put(String name, StreamTable<?> table) {
        remove(name);
        streams.put(name, table);
    }

    /**
     * Names the query of {@code CREATE VIEW}, planned anew by each query that reads it (as its
     * tables' sources are), so that it stays readable by the jobs after the first. It is planned,
     * and a mistake in it reported, when a query first reads it: planning it here would add
     * operators that nothing reads to the environment's job.
     */
    public void defineView(String name, Statement.Select query) {
        remove(name);
        views.put(name, query);
    }

    /** The query of the view called {@code name}, or {@code null} if it is no view of {@code CREATE VIEW}. */
    Statement.Select view(String name) {
        return views.get(name);
    }

    /** Names the table {@code ddl} declares; its connector is checked now, and read once a query reads it. */
    public void define(Statement.CreateTable ddl) {
        TableDefinitions.check(ddl);
        remove(ddl.name());
        defined.put(ddl.name(), ddl);
    }

    private void remove(String name) {
        planned.remove(name);
        streams.remove(name);
        defined.remove(name);
        views.remove(name);
    }

    /**
     * The table called {@code name}, as a query that reads the columns of {@code demand} reads it.
     *
     * @throws dev.tidemark.table.SqlException at {@code at} if there is none
     */
    PlannedTable table(String name, Position at, ColumnDemand demand) {
        PlannedTable table = planned.get(name);
        if (table != null) {
            return table;
        }
        StreamTable<?> stream = streams.get(name);
        if (stream != null) {
            return stream.scan(demand);
        }
        Statement.Select view = views.get(name);
        if (view != null) {
            return new QueryPlanner(this, demand).plan(view);
        }
        Statement.CreateTable ddl = defined.get(name);
        if (ddl == null) {
            throw at.error("table '" + name + "' not found; the tables are " + names());
        }
        return TableDefinitions.source(ddl, env);
    }

    /**
     * The declaration of the table called {@code name}, which {@code INSERT INTO} writes.
     *
     * @throws dev.tidemark.table.SqlException at {@code at} if it is not a table of CREATE TABLE
     */
    public Statement.CreateTable definition(String name, Position at) {
        Statement.CreateTable ddl = defined.get(name);
        if (ddl == null) {
            boolean view = planned.containsKey(name) || streams.containsKey(name) || views.containsKey(name);
            throw at.error(view ? "'" + name + "' is a view, and INSERT INTO writes a table of CREATE TABLE"
                    : "table '" + name + "' not found; the tables are " + names());
        }
        return ddl;
    }

    private TreeSet<String> names() {
        TreeSet<String> names = new TreeSet<>(planned.keySet());
        names.addAll(streams.keySet());
        names.addAll(defined.keySet());
        names.addAll(views.keySet());
        return names;
    }
}
