package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.runtime.sql.Field;
import java.util.List;

/**
 * A table as planned: the stream of its rows (values by column position, see
 * {@link dev.tidemark.runtime.sql.Evaluation}) and its columns, each with its type and time kind.
 * Records carry the rowtime column's value as their timestamp, if the table has one.
 *
 * @param plan how the table was made, one step per line, for {@code explain()}
 */
public record PlannedTable(DataStream<Object[]> rows, List<Field> fields, List<String> plan) {

    /** The same table under {@code qualifier}: its columns are named {@code qualifier.column} too. */
    public PlannedTable qualified(String qualifier) {
        return new PlannedTable(rows, fields.stream().map(f -> new Field(qualifier, f.name(), f.type(), f.loss()))
                .toList(), plan);
    }
}
