package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Expr;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.table.DataType;
import dev.tidemark.table.Schema;
import dev.tidemark.table.TimeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code fromDataStream(stream, schema)}: its columns (the element type's fields unless the schema
 * lists them, then metadata, then computed columns) with their types and time kinds, checked when
 * it is made, and a scan of the stream for each query that reads it. A scan makes only the columns
 * its query reads ({@link ColumnDemand}), so a field nobody reads is never boxed into a row.
 */
public final class StreamTable<T> {

    private final DataStream<T> stream;
    private final List<Field> physical;
    private final List<Field> metadata;
    private final List<Schema.Computed> computed;
    private final Schema.Watermark watermark;
    private final boolean sourceWatermark; // the stream's own watermarks, about the records' timestamps
    private final List<Field> fields; // every column, the rowtime marked

    /**
     * @throws IllegalArgumentException if the schema does not fit the stream
     * @throws dev.tidemark.table.SqlException if an expression of the schema is not valid
     */
    public StreamTable(DataStream<T> stream, Schema schema) {
        this.stream = stream;
        this.physical = physicalColumns(stream, schema);
        this.metadata = schema.columns().stream().filter(c -> c instanceof Schema.Metadata)
                .map(c -> new Field(null, c.name(), ((Schema.Metadata) c).type().withNullable(false), null)).toList();
        this.computed = schema.columns().stream().filter(c -> c instanceof Schema.Computed)
                .map(c -> (Schema.Computed) c).toList();
        this.watermark = schema.watermark();
        this.sourceWatermark = watermark != null && SqlParser.parseExpression(watermark.expression())
                instanceof Expr.Call call && call.function().equals("SOURCE_WATERMARK");
        this.fields = layout(ColumnDemand.ALL).fields; // checks every expression and the watermark's column
        if (sourceWatermark && metadata.stream().noneMatch(m -> m.name().equals(watermark.column()))) {
            throw new IllegalArgumentException("fromDataStream: SOURCE_WATERMARK() keeps the stream's watermarks,"
                    + " which are about the records' timestamps: '" + watermark.column() + "' must be a metadata column");
        }
    }

    /** Every column, as {@code Table.getColumns()} lists them. */
    public List<Field> fields() {
        return fields;
    }

    /** The plan of a scan of every column, for {@code explain()} of the table itself. */
    public List<String> plan() {
        List<String> plan = new ArrayList<>(layout(ColumnDemand.ALL).plan);
        if (watermark != null && !sourceWatermark) {
            plan.add(TableSources.watermarkStep(watermark.column(), watermark.expression()));
        }
        return plan;
    }

    /** A scan of every column, for the table turned back into a stream as a whole. */
    public PlannedTable scanAll() {
        return scan(ColumnDemand.ALL);
    }

    /** A scan of the stream that makes the columns {@code demand} reads; the others are left out. */
    PlannedTable scan(ColumnDemand demand) {
        Layout layout = layout(demand);
        if (watermark == null || sourceWatermark) { // the elements carry the table's timestamps and watermarks
            Supplier<DataStream<Object[]>> rows = new Memo<>(() -> conversion(layout));
            List<String> fieldOf = new ArrayList<>();
            for (Field field : layout.fields) {
                fieldOf.add(layout.readers.contains(field.name()) ? field.name() : null);
            }
            return new PlannedTable(rows, layout.fields, layout.rowtime, layout.plan,
                    new StreamScan<>(stream, fieldOf, layout.rowtime));
        }
        DataStream<Object[]> rows = conversion(layout);
        Bound bound = new Binder(layout.fields).bind(SqlParser.parseExpression(watermark.expression()));
        return TableSources.withWatermark(rows, layout.fields, layout.rowtime, bound, watermark.expression(),
                new ArrayList<>(layout.plan));
    }

    private DataStream<Object[]> conversion(Layout layout) {
        return stream.process(new SourceConversion<T>(layout.readers, layout.stamps, layout.computations))
                .name("FromDataStream");
    }

    /** A value made when it is first asked for: a scan's rows, which an operator over the elements never asks for. */
    private static final class Memo<V> implements Supplier<V> {
        private Supplier<V> make;
        private V value;

        Memo(Supplier<V> make) {
            this.make = make;
        }

        @Override
        public V get() {
            if (make != null) {
                value = make.get();
                make = null;
            }
            return value;
        }
    }

    /** A scan's columns and what makes their values. */
    private static final class Layout {
        final List<Field> fields = new ArrayList<>();
        final List<String> readers = new ArrayList<>(); // the fields read from the elements
        final List<DataType.Root> stamps = new ArrayList<>(); // per metadata column; null: not made
        final List<Bound> computations = new ArrayList<>();
        final List<String> plan = new ArrayList<>();
        int rowtime = -1;
    }

    private Layout layout(ColumnDemand demand) {
        Set<String> made = made(demand);
        Layout layout = new Layout();
        for (Field field : physical) {
            if (made.contains(field.name())) {
                layout.readers.add(field.name());
                layout.fields.add(field);
            }
        }
        for (Field field : metadata) {
            // the stream's timestamp column stays a column for the windows over it, made or not
            boolean timestamps = sourceWatermark && field.name().equals(watermark.column());
            if (made.contains(field.name()) || timestamps) {
                layout.stamps.add(made.contains(field.name()) ? field.type().root() : null);
                layout.fields.add(field);
            }
        }
        Binder binder = new Binder(layout.fields);
        for (Schema.Computed column : computed) {
            if (made.contains(column.name())) {
                Bound value = binder.bind(SqlParser.parseExpression(column.expression()));
                layout.computations.add(value);
                layout.fields.add(new Field(null, column.name(), value.type(), value.loss()));
            }
        }
        requireDistinct(layout.fields);
        layout.plan.add("FromDataStream(" + TableSources.describe(layout.fields) + ")"); // no rowtime before watermarks
        if (watermark != null) {
            layout.rowtime = rowtime(layout.fields);
        }
        if (sourceWatermark) {
            layout.plan.add("Watermarks(" + watermark.column() + ": the stream's)");
        } else if (watermark != null) {
            Bound bound = new Binder(layout.fields).bind(SqlParser.parseExpression(watermark.expression()));
            if (!bound.type().isTimestamp()) {
                throw new IllegalArgumentException("fromDataStream: the watermark expression '" + watermark.expression()
                        + "' is " + bound.type() + ", not a timestamp");
            }
        }
        return layout;
    }

    /**
     * The columns whose values a scan for {@code demand} makes: those it reads, a window's time
     * column unless it is the records' timestamp, and what the watermark and the computed columns
     * made read (a computed column reads the physical and metadata columns only).
     */
    private Set<String> made(ColumnDemand demand) {
        Set<String> made = new HashSet<>();
        for (Field field : allDeclared()) {
            boolean timestamps = sourceWatermark && field.name().equals(watermark.column());
            if (demand.reads(field.name()) || (demand.windows(field.name()) && !timestamps)) {
                made.add(field.name());
            }
        }
        if (watermark != null && !sourceWatermark) {
            made.add(watermark.column());
            made.addAll(ColumnDemand.namesIn(SqlParser.parseExpression(watermark.expression())));
        }
        for (Schema.Computed column : computed) {
            if (made.contains(column.name())) {
                made.addAll(ColumnDemand.namesIn(SqlParser.parseExpression(column.expression())));
            }
        }
        return made;
    }

    private List<Field> allDeclared() {
        List<Field> all = new ArrayList<>(physical);
        all.addAll(metadata);
        computed.forEach(c -> all.add(new Field(null, c.name(), null, null)));
        return all;
    }

    /** Marks the watermark's column ROWTIME in {@code fields} and returns its index. */
    private int rowtime(List<Field> fields) {
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            if (field.name().equals(watermark.column())) {
                if (!field.type().isTimestamp()) {
                    throw new IllegalArgumentException("fromDataStream: the watermark's column '" + field.name()
                            + "' is " + field.type() + "; a rowtime is a TIMESTAMP(3) or TIMESTAMP_LTZ(3)");
                }
                fields.set(i, new Field(null, field.name(), field.type().as(TimeKind.ROWTIME), null));
                return i;
            }
        }
        throw new IllegalArgumentException("fromDataStream: the watermark's column '" + watermark.column() + "' is not"
                + " a column; the columns are " + allDeclared().stream().map(Field::name).toList());
    }

    private static <T> List<Field> physicalColumns(DataStream<T> stream, Schema schema) {
        List<Field> declared = schema.columns().stream().filter(c -> c instanceof Schema.Physical)
                .map(c -> new Field(null, c.name(), ((Schema.Physical) c).type(), null)).toList();
        if (!declared.isEmpty()) {
            return declared;
        }
        Class<?> type = stream.getType().getTypeClass();
        if (type == Object.class) {
            throw new IllegalArgumentException("fromDataStream: the stream's element type is not known; declare it"
                    + " with returns(..) or list the columns in the schema with column(name, type)");
        }
        return JavaFields.of(type).stream().map(f -> new Field(null, f.name(), f.type(), null)).toList();
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
