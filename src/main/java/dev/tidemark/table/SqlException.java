package dev.tidemark.table;

import dev.tidemark.api.TidemarkException;

/**
 * A SQL statement that Tidemark cannot run: a syntax error, a construct outside the supported
 * subset ("not supported"), or a query whose types or time attributes do not fit. The message
 * starts with the line and column of the offending text; {@link #line()} and {@link #column()}
 * give them too, both counted from 1.
 */
public class SqlException extends TidemarkException {

    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public SqlException(int line, int column, String message) {
        super("line " + line + ", column " + column + ": " + message);
        this.line = line;
        this.column = column;
    }

    /** The line of the offending text, from 1. */
    public int line() {
        return line;
    }

    /** The column of the offending text, from 1. */
    public int column() {
        return column;
    }
}
