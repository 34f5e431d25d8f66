package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.runtime.sql.Field;
import java.io.Serializable;
import java.util.List;

/** What the scans of tables share: watermarks from a rowtime column's values, and columns as plans show them. */
public final class TableSources {

    private TableSources() {}

    /**
     * {@code rows} stamped with the rowtime column's values and watermarks of the largest value of
     * {@code watermark} so far: periodic, or after each row that grows it when the auto-watermark
     * interval is zero. {@code fields} must have {@code column} declared ROWTIME already.
     */
    static PlannedTable withWatermark(DataStream<Object[]> rows, List<Field> fields, int column, Bound watermark,
            String text, List<String> plan) {
        plan.add(watermarkStep(fields.get(column).name(), text));
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

    /** The plan's step for watermarks of the largest value of {@code expression}. */
    static String watermarkStep(String column, String expression) {
        return "Watermarks(" + column + ": largest " + expression + ")";
    }

    static String describe(List<Field> fields) {
        return String.join(", ", fields.stream().map(f -> f.name() + " " + f.type()).toList());
    }
}
