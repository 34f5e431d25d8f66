package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import java.util.List;

/** An expression with its names resolved to input columns and its type known. */
public sealed interface Bound extends java.io.Serializable {

    DataType type();

    /** For a plain timestamp computed from a time attribute, where that happened; else {@code null}. */
    Field.Lineage loss();

    /** The input column at {@code index}, passed on as it is: a time attribute stays one. */
    record Column(int index, Field field) implements Bound {
        @Override
        public DataType type() {
            return field.type();
        }

        @Override
        public Field.Lineage loss() {
            return field.loss();
        }
    }

    /** A value known when the query is planned; {@code value} is null for SQL's NULL. */
    record Constant(Object value, DataType type) implements Bound {
        @Override
        public Field.Lineage loss() {
            return null;
        }
    }

    /** An operator or function applied to bound arguments. */
    record Apply(Operator operator, List<Bound> arguments, DataType type, Field.Lineage loss) implements Bound {}
}
