package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.table.DataType;
import dev.tidemark.table.Schema;
import dev.tidemark.table.TimeKind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans {@code fromDataStream(stream, schema)}: the columns (the element type's fields unless the
 * schema lists them, then metadata, then computed columns), their types and time kinds, and the
 * operators that make rows, timestamps and watermarks.
 */
public final class TableSources {

    private TableSources() {}

    /**
     * @throws IllegalArgumentException if the schema does not fit the stream
     * @throws dev.tidemark.table.SqlException if an expression of the schema is not valid
     */
    public static <T> PlannedTable fromDataStream(DataStream<T> stream, Schema schema) {
        List<Field> fields = new ArrayList<>();
        List<String> physical = new ArrayList<>();
        List<DataType.Root> metadata = new ArrayList<>();
        List<Schema.Column> declared = schema.columns();
        for (Schema.Column column : declared) {
            if (column instanceof Schema.Physical p) {
                physical.add(p.name());
                fields.add(new Field(null, p.name(), p.type(), null));
            }
        }
        if (physical.isEmpty()) {
            Class<?> type = stream.getType().getTypeClass();
            if (type == Object.class) {
                throw new IllegalArgumentException("fromDataStream: the stream's element type is not known; declare it"
                        + " with returns(..) or list the columns in the schema with column(name, type)");
            }
            for (JavaFields.JavaField field : JavaFields.of(type)) {
                physical.add(field.name());
                fields.add(new Field(null, field.name(), field.type(), null));
            }
        }
        for (Schema.Column column : declared) {
            if (column instanceof Schema.Metadata m) {
                metadata.add(m.type().root());
                fields.add(new Field(null, m.name(), m.type().withNullable(false), null));
            }
        }
        Binder binder = new Binder(fields);
        List<Bound> computed = new ArrayList<>();
        for (Schema.Column column : declared) {
            if (column instanceof Schema.Computed c) {
                Bound value = binder.bind(SqlParser.parseExpression(c.expression()));
                computed.add(value);
                fields.add(new Field(null, c.name(), value.type(), value.loss()));
            }
        }
        requireDistinct(fields);
        List<String> plan = new ArrayList<>(List.of("FromDataStream(" + describe(fields) + ")"));
        DataStream<Object[]> rows = stream.process(new SourceConversion<T>(physical, metadata, computed))
                .name("FromDataStream");
        Schema.Watermark watermark = schema.watermark();
        if (watermark == null) {
            return new PlannedTable(rows, fields, -1, plan);
        }
        int column = indexOf(fields, watermark.column());
        Field rowtime = fields.get(column);
        if (!rowtime.type().isTimestamp()) {
            throw new IllegalArgumentException("fromDataStream: the watermark's column '" + rowtime.name() + "' is "
                    + rowtime.type() + "; a rowtime is a TIMESTAMP(3) or TIMESTAMP_LTZ(3)");
        }
        fields.set(column, new Field(null, rowtime.name(), rowtime.type().as(TimeKind.ROWTIME), null));
        Expr expression = SqlParser.parseExpression(watermark.expression());
        if (expression instanceof Expr.Call call && call.function().equals("SOURCE_WATERMARK")) {
            boolean isMetadata = declared.stream().anyMatch(c -> c instanceof Schema.Metadata m
                    && m.name().equals(rowtime.name()));
            if (!isMetadata) {
                throw new IllegalArgumentException("fromDataStream: SOURCE_WATERMARK() keeps the stream's watermarks,"
                        + " which are about the records' timestamps: '" + rowtime.name() + "' must be a metadata column");
            }
            plan.add("Watermarks(" + rowtime.name() + ": the stream's)");
            return new PlannedTable(rows, fields, column, plan);
        }
        Bound bound = new Binder(fields).bind(expression);
        if (!bound.type().isTimestamp()) {
            throw new IllegalArgumentException("fromDataStream: the watermark expression '" + watermark.expression()
                    + "' is " + bound.type() + ", not a timestamp");
        }
        return withWatermark(rows, fields, column, bound, watermark.expression(), plan);
    }

    /**
     * {@code rows} stamped with the rowtime column's values and watermarks of the largest value of
     * {@code watermark} so far: periodic, or after each row that grows it when the auto-watermark
     * interval is zero. {@code fields} must have {@code column} declared ROWTIME already.
     */
    static PlannedTable withWatermark(DataStream<Object[]> rows, List<Field> fields, int column, Bound watermark,
            String text, List<String> plan) {
        plan.add("Watermarks(" + fields.get(column).name() + ": largest " + text + ")");
        boolean perRow = rows.getExecutionEnvironment().getConfig().getAutoWatermarkIntervalMillis() == 0;
        return new PlannedTable(rows.assignTimestampsAndWatermarks(new RowtimeStrategy(column, fields.get(column).name(),
                watermark, perRow))
                .name("Watermarks"), fields, column, plan);
    }

    /** Timestamps from the rowtime column, watermarks from the largest value of the expression. */
    private static final class RowtimeStrategy implements WatermarkStrategy<Object[]>, Serializable {
        private static final long serialVersionUID = 1L;
        private final int column;
        private final String name;
        private final Bound watermark;
        private final boolean perRow;

        RowtimeStrategy(int column, String name, Bound watermark, boolean perRow) {
            this.column = column;
            this.name = name;
            this.watermark = watermark;
            this.perRow = perRow;
        }

        @Override
        public dev.tidemark.eventtime.WatermarkGenerator<Object[]> createWatermarkGenerator(
                dev.tidemark.eventtime.WatermarkGeneratorSupplier.Context context) {
            return new ExpressionWatermarks(new Evaluator(() -> 0L).compile(watermark), perRow);
        }

        @Override
        public dev.tidemark.eventtime.TimestampAssigner<Object[]> createTimestampAssigner(
                dev.tidemark.eventtime.TimestampAssignerSupplier.Context context) {
            return (row, previous) -> {
                Object time = row[column];
                if (time == null) {
                    throw new IllegalArgumentException("the rowtime '" + name + "' of a row is NULL: every row of a table"
                            + " with event time needs one; leave such rows out before they become the table's");
                }
                return Evaluator.epochMillis(time);
            };
        }
    }

    static String describe(List<Field> fields) {
        return String.join(", ", fields.stream().map(f -> f.name() + " " + f.type()).toList());
    }

    private static int indexOf(List<Field> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("fromDataStream: the watermark's column '" + name + "' is not a column; the"
                + " columns are " + fields.stream().map(Field::name).toList());
    }

    private static void requireDistinct(List<Field> fields) {
        for (int i = 0; i < fields.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (fields.get(i).name().equals(fields.get(j).name())) {
                    throw new IllegalArgumentException("fromDataStream: two columns are named '" + fields.get(i).name()
                            + "'");
                }
            }
        }
    }
}
