package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;

/** Where a piece of a statement starts: line and column, from 1. */
public record Position(int line, int column) implements java.io.Serializable {

    static Position of(Token token) {
        return new Position(token.line(), token.column());
    }

    /** An error about the text here. */
    public SqlException error(String message) {
        return new SqlException(line, column, message);
    }
}
