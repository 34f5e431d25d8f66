package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import dev.tidemark.table.TimeKind;

/**
 * The checks of operators that need a time attribute (window table functions, group windows,
 * interval joins, OVER): their errors say which column, what it is instead, and, when it was
 * computed from a time attribute, where that attribute was lost.
 */
public final class TimeAttributes {

    private TimeAttributes() {}

    /**
     * Returns the time kind of {@code column}, which must be a time attribute.
     *
     * @param operator what needs it, e.g. {@code "TUMBLE"}
     * @param at where the column is named
     * @throws SqlException naming the column, its type and where its time attribute was lost
     */
    public static TimeKind require(Bound column, String name, String operator, Position at) {
        if (column.type().isTimeAttribute()) {
            return column.type().timeKind();
        }
        StringBuilder message = new StringBuilder(operator + ": column '" + name + "' is " + column.type()
                + ", not a time attribute.");
        if (column.loss() != null) {
            Field.Lineage loss = column.loss();
            message.append(' ').append(Character.toUpperCase(loss.describe().charAt(0))).append(loss.describe(), 1,
                    loss.describe().length()).append(". Use '").append(loss.attribute()).append("' itself");
            message.append(loss.kind() == TimeKind.ROWTIME
                    ? " (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3) where a plain value is meant."
                    : ".");
        } else if (column.type().isTimestamp()) {
            message.append(" Declare it one: WATERMARK FOR ").append(name)
                    .append(" AS ... in CREATE TABLE, or a rowtime column in the schema of fromDataStream.");
        } else {
            message.append(" A time attribute is a TIMESTAMP(3) or TIMESTAMP_LTZ(3) column with a watermark, or PROCTIME().");
        }
        throw at.error(message.toString());
    }
}
