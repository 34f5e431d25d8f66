package dev.tidemark.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.runtime.table.CollectedRows;
import dev.tidemark.runtime.table.PlannedTable;
import dev.tidemark.runtime.table.Catalog;
import dev.tidemark.runtime.table.QueryPlanner;
import dev.tidemark.runtime.table.SqlStatements;
import dev.tidemark.runtime.table.ToObjects;
import dev.tidemark.runtime.table.StreamTable;
import java.util.List;
import java.util.Objects;

/**
 * Tables and SQL over a {@link StreamExecutionEnvironment}, as Flink's Table API offers them: turn
 * streams into tables with a {@link Schema} (which declares the time attributes), name them, query
 * them in SQL, and turn the results back into streams of {@link Row}s whose timestamps are the
 * rowtime column's values.
 *
 * <p>Queries are append-only: filters and projections, window aggregations (TUMBLE, HOP, CUMULATE,
 * SESSION), interval and window joins, and OVER aggregates, each emitting final rows. What is
 * outside the documented subset fails with "not supported" at its line and column.
 */
public final class StreamTableEnvironment {

    private final StreamExecutionEnvironment env;
    private final Catalog catalog;

    private StreamTableEnvironment(StreamExecutionEnvironment env) {
        this.env = env;
        this.catalog = new Catalog(env);
    }

    /** Tables over {@code env}: their operators run in its jobs. */
    public static StreamTableEnvironment create(StreamExecutionEnvironment env) {
        return new StreamTableEnvironment(Objects.requireNonNull(env, "environment must not be null"));
    }

    /** The environment the tables' operators are added to. */
    public StreamExecutionEnvironment getExecutionEnvironment() {
        return env;
    }

    /**
     * {@code stream} as a table, its columns and time attributes as {@code schema} declares them.
     *
     * @throws IllegalArgumentException if the schema does not fit the stream's elements
     * @throws SqlException if an expression of the schema is not valid, at its line and column
     */
    public <T> Table fromDataStream(DataStream<T> stream, Schema schema) {
        return new Table(new StreamTable<>(Objects.requireNonNull(stream, "stream must not be null"),
                Objects.requireNonNull(schema, "schema must not be null")));
    }

    /** Names {@code table}, so SQL can read it as {@code name}; a later call with the same name replaces it. */
    public void createTemporaryView(String name, Table table) {
        Objects.requireNonNull(name, "name must not be null");
        if (table.stream() != null) { // each query scans it for the columns it reads
            catalog.put(name, table.stream());
        } else {
            catalog.put(name, table.planned());
        }
    }

    /** Names {@code stream} as a table, as {@link #fromDataStream} makes it. */
    public <T> void createTemporaryView(String name, DataStream<T> stream, Schema schema) {
        createTemporaryView(name, fromDataStream(stream, schema));
    }

    /**
     * The table a {@code SELECT} query makes.
     *
     * @throws SqlException at the first text that is not valid or not supported
     */
    public Table sqlQuery(String query) {
        Statement statement = SqlParser.parse(query);
        if (!(statement instanceof Statement.Select select)) {
            throw statement.position().error("sqlQuery takes a SELECT; CREATE TABLE, CREATE VIEW and INSERT INTO are"
                    + " executeSql's");
        }
        return new Table(QueryPlanner.plan(select, catalog));
    }

    /**
     * Runs one statement: {@code CREATE [TEMPORARY] TABLE} names a table over a connector
     * ({@code filesystem}, {@code kafka}, {@code datagen}, {@code print}, {@code blackhole}),
     * {@code CREATE [TEMPORARY] VIEW} names a query, {@code INSERT INTO table SELECT ..} writes
     * the query's rows to the table's connector and starts the job at once, and a {@code SELECT}
     * starts a job whose rows {@link TableResult#collect()} and {@link TableResult#print()} read as
     * they come. That job is the whole environment's: it also runs every other pipeline added to the
     * environment before.
     *
     * @return for an INSERT or a SELECT, its job, to {@link TableResult#await()} or cancel, and a
     *     SELECT's rows
     * @throws SqlException at the first text that is not valid or not supported
     */
    public TableResult executeSql(String statement) {
        Statement parsed = SqlParser.parse(statement);
        if (parsed instanceof Statement.Select select) {
            Table table = new Table(QueryPlanner.plan(select, catalog));
            CollectedRows<Row> rows = CollectedRows.start(toDataStream(table), env, "collect");
            return new TableResult(rows.job(), rows, table.getColumns().stream().map(Table.Column::name).toList());
        }
        return new TableResult(SqlStatements.execute(parsed, catalog, env));
    }

    /** A set of {@code INSERT INTO} statements to run as one job. */
    public StatementSet createStatementSet() {
        return new StatementSet(env, catalog);
    }

    /**
     * {@code table}'s rows as a stream. Each record's timestamp is the value of the table's rowtime
     * column, and the table's watermarks are forwarded; a table without one gives records whose
     * timestamps are what its source's were.
     *
     * @throws IllegalArgumentException if the table has more than one rowtime column
     */
    public DataStream<Row> toDataStream(Table table) {
        List<String> names = table.planned().fields().stream().map(Field::name).toList();
        return records(table, new ToRow(names), Row.class);
    }

    /**
     * {@code table}'s rows as objects of {@code type}, a record or a POJO (public no-argument
     * constructor, public fields) whose fields are named as the table's columns, in any order, each
     * of the Java type {@code fromDataStream} maps to its column's SQL type. Timestamps and
     * watermarks as {@link #toDataStream(Table)} gives them.
     *
     * @throws IllegalArgumentException if the table has more than one rowtime column, or names or
     *     types of the columns and the fields differ
     */
    public <T> DataStream<T> toDataStream(Table table, Class<T> type) {
        Objects.requireNonNull(type, "type must not be null");
        return records(table, ToObjects.of(type, table.planned().fields()), type);
    }

    /** The table's rows as records of {@code type}, each record's timestamp its rowtime column's value. */
    private static <R> DataStream<R> records(Table table, MapFunction<Object[], R> form, Class<R> type) {
        PlannedTable planned = table.planned();
        List<String> rowtimes = planned.fields().stream().filter(f -> f.type().timeKind() == TimeKind.ROWTIME)
                .map(Field::name).toList();
        if (rowtimes.size() > 1) {
            throw new IllegalArgumentException("toDataStream: " + rowtimes.size() + " rowtime columns " + rowtimes
                    + "; keep one, and CAST the others AS TIMESTAMP(3)");
        }
        if (rowtimes.isEmpty() || planned.onlyRowtime() == planned.timestampColumn()) { // stamped as they are
            return planned.rowsAs(form, type, "ToDataStream");
        }
        return planned.rowsStampedBy(planned.onlyRowtime()).map(form).returns(type).name("ToDataStream");
    }

    /** Table rows as {@link Row}s with their column names, which all of them share. */
    private static final class ToRow implements MapFunction<Object[], Row> {
        private static final long serialVersionUID = 1L;
        private final List<String> names;

        ToRow(List<String> names) {
            this.names = List.copyOf(names);
        }

        @Override
        public Row map(Object[] values) {
            return Row.ofTable(names, values);
        }
    }
}
