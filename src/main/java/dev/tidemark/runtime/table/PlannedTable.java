package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.runtime.sql.Field;
import java.util.List;
import java.util.function.Supplier;

/**
 * A table as planned: the stream of its rows (values by column position, see
 * {@link dev.tidemark.runtime.sql.Evaluation}) and its columns, each with its type and time kind.
 *
 * @param timestampColumn the column whose value every record carries as its timestamp, or -1 when
 *     the records' timestamps are no column's (after an interval join they are the later of the two
 *     rowtimes); an operator that needs a rowtime as the records' time gets it from {@link #rowsStampedBy}
 * @param plan how the table was made, one step per line, for {@code explain()}
 * @param source makes the stream of rows when it is first asked for (a scan's rows are not made if
 *     the operator over it reads the elements themselves)
 * @param scan the stream's elements, for a table that is a scan of one, else {@code null}
 */
public record PlannedTable(Supplier<DataStream<Object[]>> source, List<Field> fields, int timestampColumn,
        List<String> plan, StreamScan<?> scan) {

    public PlannedTable(DataStream<Object[]> rows, List<Field> fields, int timestampColumn, List<String> plan) {
        this(() -> rows, fields, timestampColumn, plan, null);
    }

    /** The stream of rows, values by column position. */
    public DataStream<Object[]> rows() {
        return source.get();
    }

    /**
     * The rows as records of {@code type}, as the records' timestamps are: made by the table's last
     * operator itself where it can, else by a map after it called {@code name}.
     */
    public <R> DataStream<R> rowsAs(MapFunction<Object[], R> form, Class<R> type, String name) {
        if (source instanceof FormableRows formable) {
            return formable.as(form, type, name);
        }
        return rows().map(form).returns(type).name(name);
    }

    /** The same table under {@code qualifier}: its columns are named {@code qualifier.column} too. */
    public PlannedTable qualified(String qualifier) {
        return new PlannedTable(source, fields.stream().map(f -> new Field(qualifier, f.name(), f.type(), f.loss()))
                .toList(), timestampColumn, plan, scan);
    }

    /**
     * The rows with each record's timestamp set to the value of {@code column}, a rowtime: the rows
     * themselves when they already carry it. Watermarks pass unchanged, which is right because a
     * rowtime column is never behind the watermark of the stream that carries it.
     */
    public DataStream<Object[]> rowsStampedBy(int column) {
        if (column == timestampColumn) {
            return rows();
        }
        String name = fields.get(column).name();
        return rows().transform("Restamp(" + name + ")", context -> new Restamp(column, context));
    }

    /** The index of this table's only rowtime column, or -1 if it has none or several. */
    public int onlyRowtime() {
        int found = -1;
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).type().timeKind() == dev.tidemark.table.TimeKind.ROWTIME) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }
}
