package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.Position;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.runtime.sql.Types;
import dev.tidemark.table.DataType;
import dev.tidemark.table.TimeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The tables of {@code CREATE TABLE}: their columns (physical, then computed), their rowtime and
 * watermark, and the connector their {@code WITH} options name, read as a source
 * ({@link TableConnectors#source}) or written by {@code INSERT INTO} ({@link TableConnectors#sink}).
 */
final class TableDefinitions {

    private TableDefinitions() {}

    /** A table's columns as declared: the physical ones first, then the computed ones over them. */
    record Declared(List<Field> physical, List<Bound> computed, List<Field> fields, int rowtime, Bound watermark) {}

    /**
     * Checks the columns, the watermark and the options, so that a mistake is reported at
     * {@code CREATE TABLE}, not at the first query.
     */
    static void check(Statement.CreateTable ddl) {
        declared(ddl);
        TableConnectors.check(ddl);
    }

    static Declared declared(Statement.CreateTable ddl) {
        List<Field> physical = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Statement.Column column : ddl.columns()) {
            if (!names.add(column.name())) {
                throw column.position().error("two columns are named '" + column.name() + "'");
            }
            if (column instanceof Statement.PhysicalColumn p) {
                physical.add(new Field(null, p.name(), Types.of(p.type()), null));
            }
        }
        List<Field> fields = new ArrayList<>(physical);
        List<Bound> computed = new ArrayList<>();
        Binder binder = new Binder(physical); // a computed column reads physical columns, as in Flink
        for (Statement.Column column : ddl.columns()) {
            if (column instanceof Statement.ComputedColumn c) {
                Bound value = binder.bind(c.expression());
                computed.add(value);
                fields.add(new Field(null, c.name(), value.type(), value.loss()));
            }
        }
        Statement.WatermarkSpec spec = ddl.watermark();
        if (spec == null) {
            return new Declared(physical, computed, fields, -1, null);
        }
        int rowtime = -1;
        for (int i = 0; i < fields.size(); i++) {
            rowtime = fields.get(i).name().equals(spec.column()) ? i : rowtime;
        }
        if (rowtime < 0) {
            throw spec.position().error("WATERMARK FOR " + spec.column() + ": no such column; the columns are "
                    + fields.stream().map(Field::name).toList());
        }
        Field column = fields.get(rowtime);
        if (!column.type().isTimestamp() || column.type().timeKind() == TimeKind.PROCTIME) {
            throw spec.position().error("WATERMARK FOR " + spec.column() + ": a rowtime is a TIMESTAMP(3) or"
                    + " TIMESTAMP_LTZ(3) column, not " + column.type());
        }
        if (spec.expression() instanceof dev.tidemark.runtime.sql.Expr.Call call
                && call.function().equals("SOURCE_WATERMARK")) {
            throw call.position().error("SOURCE_WATERMARK() needs a stream with watermarks of its own; in CREATE TABLE"
                    + " write the watermark as an expression, as in " + spec.column() + " - INTERVAL '5' SECOND");
        }
        Bound watermark = new Binder(fields).bind(spec.expression());
        if (!watermark.type().isTimestamp()) {
            throw spec.expression().position().error("a watermark is a timestamp, and '" + SqlParser.textOf(
                    spec.expression()) + "' is " + watermark.type().regular());
        }
        fields.set(rowtime, new Field(null, column.name(), column.type().as(TimeKind.ROWTIME), null));
        return new Declared(physical, computed, fields, rowtime, watermark);
    }

    /** The table's rows, from its connector, with its computed columns, timestamps and watermarks. */
    static PlannedTable source(Statement.CreateTable ddl, StreamExecutionEnvironment env) {
        Declared declared = declared(ddl);
        DataStream<Object[]> rows = TableConnectors.source(ddl, declared.physical(), env);
        List<String> plan = new ArrayList<>(List.of("TableSource(" + ddl.name() + ", " + ddl.options().get("connector")
                + ": " + TableSources.describe(declared.physical()) + ")"));
        if (!declared.computed().isEmpty()) {
            List<Bound> columns = new ArrayList<>();
            for (int i = 0; i < declared.physical().size(); i++) {
                columns.add(new Bound.Column(i, declared.physical().get(i)));
            }
            columns.addAll(declared.computed());
            rows = rows.process(new Calc(null, columns)).name("ComputedColumns(" + ddl.name() + ")");
            plan.add("Calc(" + TableSources.describe(declared.fields()) + ")");
        }
        if (declared.rowtime() < 0) {
            return new PlannedTable(rows, declared.fields(), -1, plan);
        }
        return TableSources.withWatermark(rows, declared.fields(), declared.rowtime(), declared.watermark(),
                SqlParser.textOf(ddl.watermark().expression()), plan);
    }

    /**
     * Writes {@code query}'s rows to the table {@code ddl} declares, its columns to the physical
     * columns in order; a narrower number widens (INT into BIGINT, DECIMAL into a larger scale).
     */
    static void insert(Statement.CreateTable ddl, PlannedTable query, Position at) {
        List<Field> physical = declared(ddl).physical();
        if (query.fields().size() != physical.size()) {
            throw at.error("INSERT INTO " + ddl.name() + ": the query has " + query.fields().size() + " columns and the"
                    + " table " + physical.size() + " " + physical.stream().map(Field::name).toList());
        }
        List<Bound> conversions = new ArrayList<>();
        boolean converts = false;
        for (int i = 0; i < physical.size(); i++) {
            Field from = query.fields().get(i);
            DataType to = physical.get(i).type();
            Bound value = new Bound.Column(i, from);
            if (!from.type().sameValuesAs(to)) {
                if (!widens(from.type(), to)) {
                    throw at.error("INSERT INTO " + ddl.name() + ": column " + (i + 1) + " ('" + from.name() + "') is "
                            + from.type().regular() + ", and the table's '" + physical.get(i).name() + "' is " + to
                            + "; CAST it");
                }
                value = new Bound.Apply(dev.tidemark.runtime.sql.Operator.CAST, List.of(value), to, null);
                converts = true;
            }
            conversions.add(value);
        }
        DataStream<Object[]> rows = converts ? query.rows().process(new Calc(null, conversions)).name("Conversion")
                : query.rows();
        TableConnectors.sink(ddl, physical, rows);
    }

    private static boolean widens(DataType from, DataType to) {
        List<DataType.Root> integers = List.of(DataType.Root.INT, DataType.Root.BIGINT);
        if (integers.contains(from.root())) {
            return to.root() == DataType.Root.BIGINT || to.root() == DataType.Root.DECIMAL
                    || to.root() == DataType.Root.DOUBLE;
        }
        if (from.root() == DataType.Root.DECIMAL && to.root() == DataType.Root.DECIMAL) {
            return to.scale() >= from.scale() && to.precision() - to.scale() >= from.precision() - from.scale();
        }
        return from.root() == to.root(); // nullability, time kind and timestamp precision
    }
}
