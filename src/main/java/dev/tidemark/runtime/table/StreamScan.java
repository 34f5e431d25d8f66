package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import java.util.List;

/**
 * A table that is a scan of a stream, as the stream's elements: an operator over the table that
 * reads only fields of the elements can run on them and make no rows.
 *
 * @param elements the stream, its records' timestamps and watermarks those of the table
 * @param fieldOf per column of the table, the element's field it is, or {@code null} for a metadata
 *     or computed column
 * @param timestamps the column whose values are the elements' timestamps, or -1
 */
record StreamScan<T>(DataStream<T> elements, List<String> fieldOf, int timestamps) {

    /** Whether column {@code index} is a field of the elements. */
    boolean isField(int index) {
        return fieldOf.get(index) != null;
    }

    /** Whether column {@code index} is a field of type {@code long} of the stream's declared element class. */
    boolean isLongField(int index) {
        return isField(index) && JavaFields.isLong(elements.getType().getTypeClass(), fieldOf.get(index));
    }
}
