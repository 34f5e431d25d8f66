package dev.tidemark.table;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.runtime.table.Catalog;
import dev.tidemark.runtime.table.SqlStatements;
import java.util.Objects;

/**
 * Several {@code INSERT INTO} statements run as one job, as Flink's {@code StatementSet} runs them:
 * each is checked and planned when it is added, and {@link #execute()} starts the job that runs
 * them all (with every other pipeline of the environment).
 */
public final class StatementSet {

    private final StreamExecutionEnvironment env;
    private final Catalog catalog;
    private int inserts;

    StatementSet(StreamExecutionEnvironment env, Catalog catalog) {
        this.env = env;
        this.catalog = catalog;
    }

    /**
     * Adds {@code INSERT INTO table SELECT ..}.
     *
     * @throws SqlException at the first text that is not valid or not supported
     */
    public StatementSet addInsertSql(String statement) {
        SqlStatements.addInsert(Objects.requireNonNull(statement, "statement must not be null"), catalog);
        inserts++;
        return this;
    }

    /**
     * Starts the job of the statements added.
     *
     * @throws IllegalStateException if none was
     */
    public TableResult execute() {
        if (inserts == 0) {
            throw new IllegalStateException("a statement set needs at least one INSERT INTO; add one with addInsertSql");
        }
        return new TableResult(env.executeAsync("insert-into_" + inserts + "_tables"));
    }
}
