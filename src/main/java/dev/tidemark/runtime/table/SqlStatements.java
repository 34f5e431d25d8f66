package dev.tidemark.runtime.table;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.runtime.sql.Statement;

/** Runs the statements of {@code executeSql}: CREATE TABLE, CREATE VIEW and INSERT INTO. */
public final class SqlStatements {

    private SqlStatements() {}

    /**
     * Runs {@code statement}: a CREATE names a table or view in {@code catalog}; an INSERT INTO adds its
     * query and the table's sink to {@code env} and starts the environment's job.
     *
     * @return the job an INSERT INTO started, else {@code null}
     * @throws dev.tidemark.table.SqlException at the first text that is not valid or not supported
     */
    public static JobClient execute(Statement statement, Catalog catalog, StreamExecutionEnvironment env) {
        if (statement instanceof Statement.CreateTable ddl) {
            catalog.define(ddl);
            return null;
        }
        if (statement instanceof Statement.CreateView view) {
            catalog.defineView(view.name(), view.query());
            return null;
        }
        if (statement instanceof Statement.InsertInto insert) {
            addInsert(insert, catalog);
            return env.executeAsync("insert-into_" + insert.table());
        }
        throw statement.position().error("executeSql runs SELECT, CREATE TABLE, CREATE VIEW and INSERT INTO");
    }

    /**
     * Adds an {@code INSERT INTO}'s query and the table's sink to the environment, to run with the
     * next job it starts.
     *
     * @throws dev.tidemark.table.SqlException if {@code sql} is no INSERT INTO, or not valid
     */
    public static void addInsert(String sql, Catalog catalog) {
        Statement statement = dev.tidemark.runtime.sql.SqlParser.parse(sql);
        if (!(statement instanceof Statement.InsertInto insert)) {
            throw statement.position().error("a statement set takes INSERT INTO statements only");
        }
        addInsert(insert, catalog);
    }

    private static void addInsert(Statement.InsertInto insert, Catalog catalog) {
        Statement.CreateTable ddl = catalog.definition(insert.table(), insert.position());
        TableDefinitions.insert(ddl, QueryPlanner.plan(insert.query(), catalog), insert.position());
    }
}
