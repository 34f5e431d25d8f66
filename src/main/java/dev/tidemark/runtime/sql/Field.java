package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;

/**
 * A column of a query's input or output.
 *
 * @param qualifier the table or alias it belongs to, or {@code null}
 * @param name its name
 * @param type its type, with its time kind
 * @param loss for a plain timestamp computed from a time attribute, where that happened; else {@code null}
 */
public record Field(String qualifier, String name, DataType type, Lineage loss) implements java.io.Serializable {

    /** Where a time attribute became a plain value: the attribute, and the expression that did it. */
    public record Lineage(String attribute, dev.tidemark.table.TimeKind kind, Position position, String expression)
            implements java.io.Serializable {

        /** "derived from rowtime 'bidtime' by the expression at line 1, column 42 ('bidtime + ..')". */
        String describe() {
            return "it was derived from " + kind.name().toLowerCase(java.util.Locale.ROOT) + " '" + attribute
                    + "' by the expression at line " + position.line() + ", column " + position.column() + " ('"
                    + expression + "')";
        }
    }

    /** The name a query uses for it: {@code qualifier.name}, or the name alone. */
    public String qualifiedName() {
        return qualifier == null ? name : qualifier + "." + name;
    }
}
