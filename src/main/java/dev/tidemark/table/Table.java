package dev.tidemark.table;

import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.table.PlannedTable;
import java.util.List;

/**
 * A table: its columns, each with a type and a time kind, and the rows a query or a stream makes.
 * Turn it back into a stream with {@link StreamTableEnvironment#toDataStream(Table)}.
 */
public final class Table {

    /** A column of a table: its name and type (with its time kind). */
    public record Column(String name, DataType type) {
        @Override
        public String toString() {
            return name + " " + type;
        }
    }

    private final PlannedTable planned;

    Table(PlannedTable planned) {
        this.planned = planned;
    }

    PlannedTable planned() {
        return planned;
    }

    /** The columns, in order. */
    public List<Column> getColumns() {
        return planned.fields().stream().map(f -> new Column(f.name(), f.type())).toList();
    }

    /**
     * How the table is made, one step per line, with each step's columns and time kinds: a rowtime
     * shows as {@code TIMESTAMP(3) *ROWTIME*}, and a timestamp computed from one as a plain type.
     */
    public String explain() {
        return String.join("\n", planned.plan());
    }

    @Override
    public String toString() {
        return "Table(" + String.join(", ", planned.fields().stream().map(Field::name).toList()) + ")";
    }
}
