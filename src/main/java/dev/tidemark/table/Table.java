package dev.tidemark.table;

import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.table.PlannedTable;
import dev.tidemark.runtime.table.StreamTable;
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

    private final StreamTable<?> stream; // null for a query's table
    private PlannedTable planned; // a stream's table is scanned when it is first read outside SQL

    Table(PlannedTable planned) {
        this.stream = null;
        this.planned = planned;
    }

    Table(StreamTable<?> stream) {
        this.stream = stream;
    }

    StreamTable<?> stream() {
        return stream;
    }

    PlannedTable planned() {
        if (planned == null) {
            planned = stream.scanAll();
        }
        return planned;
    }

    private List<Field> fields() {
        return stream != null ? stream.fields() : planned.fields();
    }

    /** The columns, in order. */
    public List<Column> getColumns() {
        return fields().stream().map(f -> new Column(f.name(), f.type())).toList();
    }

    /**
     * How the table is made, one step per line, with each step's columns and time kinds: a rowtime
     * shows as {@code TIMESTAMP(3) *ROWTIME*}, and a timestamp computed from one as a plain type.
     */
    public String explain() {
        return String.join("\n", stream != null ? stream.plan() : planned.plan());
    }

    @Override
    public String toString() {
        return "Table(" + String.join(", ", fields().stream().map(Field::name).toList()) + ")";
    }
}
