package dev.tidemark.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a stream becomes a table ({@link StreamTableEnvironment#fromDataStream}): which fields are
 * columns, which columns are computed, and which is the time attribute. Without physical columns,
 * every field of the stream's record or POJO type is one, in declaration order.
 *
 * <pre>{@code
 * Schema.newBuilder()
 *     .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3))   // the record's timestamp
 *     .watermark("rowtime", "SOURCE_WATERMARK()")                // the stream's own watermarks
 *     .columnByExpression("pt", "PROCTIME()")
 *     .build();
 * // or, event time from a field: .watermark("bidtime", "bidtime - INTERVAL '1' SECOND")
 * }</pre>
 */
public final class Schema {

    /** A column the schema declares. */
    public sealed interface Column {
        String name();
    }

    /** A field of the stream's elements, by name, of {@code type}. */
    public record Physical(String name, DataType type) implements Column {}

    /** The record's timestamp ({@code "rowtime"} is the only metadata key). */
    public record Metadata(String name, DataType type) implements Column {}

    /** A column computed from the others by a SQL expression. */
    public record Computed(String name, String expression) implements Column {}

    /** The watermark of the table's time attribute {@code column}, by a SQL expression over it. */
    public record Watermark(String column, String expression) {}

    private final List<Column> columns;
    private final Watermark watermark;

    private Schema(List<Column> columns, Watermark watermark) {
        this.columns = List.copyOf(columns);
        this.watermark = watermark;
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    public List<Column> columns() {
        return columns;
    }

    /** The watermark declaration, or {@code null} if the table has no event time. */
    public Watermark watermark() {
        return watermark;
    }

    /** Builds a {@link Schema}. */
    public static final class Builder {
        private final List<Column> columns = new ArrayList<>();
        private Watermark watermark;

        private Builder() {}

        /** A field of the stream's elements as a column of {@code type}. */
        public Builder column(String name, DataType type) {
            columns.add(new Physical(Objects.requireNonNull(name, "name"), Objects.requireNonNull(type, "type")));
            return this;
        }

        /**
         * The record's timestamp as a column, {@code TIMESTAMP_LTZ(3)} (or {@code TIMESTAMP(3)}, read
         * as UTC); give {@code watermark(name, "SOURCE_WATERMARK()")} to make it the rowtime.
         */
        public Builder columnByMetadata(String name, DataType type) {
            if (!type.isTimestamp()) {
                throw new IllegalArgumentException("the record's timestamp is a TIMESTAMP_LTZ(3) or TIMESTAMP(3), not "
                        + type);
            }
            columns.add(new Metadata(Objects.requireNonNull(name, "name"), type));
            return this;
        }

        /** A column computed by {@code expression}, e.g. {@code "PROCTIME()"} or {@code "price * qty"}. */
        public Builder columnByExpression(String name, String expression) {
            columns.add(new Computed(Objects.requireNonNull(name, "name"), Objects.requireNonNull(expression, "expression")));
            return this;
        }

        /**
         * Makes {@code column} the table's rowtime. {@code expression} is {@code "SOURCE_WATERMARK()"}
         * (the stream's watermarks; the column must be the record's timestamp) or an expression over
         * the column, such as {@code "ts - INTERVAL '5' SECOND"}: its largest value so far is the
         * watermark, emitted periodically when it grows.
         */
        public Builder watermark(String column, String expression) {
            if (watermark != null) {
                throw new IllegalStateException("a schema has at most one watermark");
            }
            watermark = new Watermark(Objects.requireNonNull(column, "column"),
                    Objects.requireNonNull(expression, "expression"));
            return this;
        }

        public Schema build() {
            return new Schema(columns, watermark);
        }
    }
}
