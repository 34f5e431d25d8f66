package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.MapFunction;
import java.util.function.Supplier;

/**
 * A table's last operator, made when its rows are first asked for, in the form they are asked in:
 * as rows for the operators of a query over the table, or as the records of a stream the table
 * becomes, which the operator then makes itself with no map after it. Asked for in a second form,
 * it maps its first form's records.
 */
final class FormableRows implements Supplier<DataStream<Object[]>> {

    /** Makes the operator, its rows turned into records by {@code form}. */
    interface Maker {
        <R> SingleOutputStreamOperator<R> make(MapFunction<Object[], R> form);
    }

    private final Maker maker;
    private DataStream<Object[]> rows;

    FormableRows(Maker maker) {
        this.maker = maker;
    }

    @Override
    public DataStream<Object[]> get() {
        if (rows == null) {
            rows = maker.make(new AsRows());
        }
        return rows;
    }

    /** The rows as records of {@code type}; {@code name} names the map if one is needed. */
    <R> DataStream<R> as(MapFunction<Object[], R> form, Class<R> type, String name) {
        if (rows != null) {
            return rows.map(form).returns(type).name(name);
        }
        return maker.make(form).returns(type);
    }

    /** Rows as they are. */
    private static final class AsRows implements MapFunction<Object[], Object[]> {
        private static final long serialVersionUID = 1L;

        @Override
        public Object[] map(Object[] row) {
            return row;
        }
    }
}
