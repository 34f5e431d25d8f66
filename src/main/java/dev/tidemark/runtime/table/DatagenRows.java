package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.connectors.datagen.DataGeneratorSource;
import dev.tidemark.connectors.datagen.GeneratorFunction;
import dev.tidemark.connectors.datagen.RateLimiterStrategy;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.table.DataType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;


/**
 * The rows of {@code 'connector' = 'datagen'}, with Flink's options: {@code 'number-of-rows'}
 * (unbounded without it, unless a sequence ends), {@code 'rows-per-second'} (10,000 unless set),
 * and per column {@code 'fields.<column>.kind'} = {@code 'sequence'} (from {@code start} to
 * {@code end}) or {@code 'random'} ({@code min} and {@code max} for numbers, {@code length} for
 * strings, 100 unless set). Unlike Flink's, random values are a function of the row's index, so a
 * table generates the same rows on every run; timestamps are the time the row is generated.
 */
final class DatagenRows implements GeneratorFunction<Long, Object[]> {

    private static final long serialVersionUID = 1L;

    /** How one column is generated. */
    private record Column(DataType type, boolean sequence, long start, long min, long max, int length)
            implements java.io.Serializable {}

    private final List<Column> columns;

    private DatagenRows(List<Column> columns) {
        this.columns = columns;
    }

    static void check(Statement.CreateTable ddl, List<Field> physical) {
        columns(ddl, physical);
        count(ddl, physical);
    }

    static DataStream<Object[]> source(Statement.CreateTable ddl, List<Field> physical, StreamExecutionEnvironment env) {
        long rate = number(ddl, "rows-per-second", 10_000);
        DataGeneratorSource<Object[]> source = new DataGeneratorSource<>(new DatagenRows(columns(ddl, physical)),
                count(ddl, physical), RateLimiterStrategy.perSecond(rate), TypeInformation.of(Object[].class));
        return env.addSource(source, "TableSource(" + ddl.name() + ")");
    }

    private static List<Column> columns(Statement.CreateTable ddl, List<Field> physical) {
        List<Column> columns = new ArrayList<>();
        List<String> names = physical.stream().map(Field::name).toList();
        for (String option : ddl.options().keySet()) {
            String[] parts = option.split("\\.");
            if (parts[0].equals("fields") && (parts.length != 3 || !names.contains(parts[1]))) {
                throw ddl.position().error("option '" + option + "' names no column of " + names + "; write"
                        + " 'fields.<column>.kind', '.start', '.end', '.min', '.max' or '.length'");
            }
        }
        for (Field field : physical) {
            String prefix = "fields." + field.name() + ".";
            String kind = ddl.options().getOrDefault(prefix + "kind", "random");
            boolean integral = field.type().root() == DataType.Root.INT || field.type().root() == DataType.Root.BIGINT;
            if (!kind.equals("random") && !kind.equals("sequence")) {
                throw ddl.position().error("option '" + prefix + "kind' is 'sequence' or 'random', not '" + kind + "'");
            }
            if (kind.equals("sequence") && !integral) {
                throw ddl.position().error("option '" + prefix + "kind' = 'sequence' needs an INT or BIGINT column; '"
                        + field.name() + "' is " + field.type());
            }
            long widest = field.type().root() == DataType.Root.INT ? Integer.MAX_VALUE : Long.MAX_VALUE;
            long min = number(ddl, prefix + "min", field.type().root() == DataType.Root.INT ? Integer.MIN_VALUE : 0);
            long max = number(ddl, prefix + "max", widest);
            columns.add(new Column(field.type(), kind.equals("sequence"), number(ddl, prefix + "start", 0), min, max,
                    (int) number(ddl, prefix + "length", 100)));
        }
        return columns;
    }

    /** How many rows: {@code number-of-rows}, else as many as the shortest sequence has, else unbounded. */
    private static long count(Statement.CreateTable ddl, List<Field> physical) {
        long count = number(ddl, "number-of-rows", Long.MAX_VALUE);
        for (Field field : physical) {
            String prefix = "fields." + field.name() + ".";
            if (ddl.options().getOrDefault(prefix + "kind", "random").equals("sequence")) {
                if (!ddl.options().containsKey(prefix + "start") || !ddl.options().containsKey(prefix + "end")) {
                    throw ddl.position().error("a sequence needs '" + prefix + "start' and '" + prefix + "end'");
                }
                long length = number(ddl, prefix + "end", 0) - number(ddl, prefix + "start", 0) + 1;
                if (length < 1) {
                    throw ddl.position().error("the sequence of '" + field.name() + "' ends before it starts");
                }
                count = Math.min(count, length);
            }
        }
        return count;
    }

    private static long number(Statement.CreateTable ddl, String option, long otherwise) {
        String value = ddl.options().get(option);
        if (value == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw ddl.position().error("option '" + option + "' is a whole number, not '" + value + "'");
        }
    }

    @Override
    public Object[] map(Long index) {
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = value(columns.get(i), index, i);
        }
        return row;
    }

    private static Object value(Column column, long index, int position) {
        long random = mix(index * 31 + position);
        long range = column.max - column.min + 1; // not positive when it overflows
        long n = column.sequence ? column.start + index : column.min + Math.floorMod(random, range > 0 ? range
                : Long.MAX_VALUE);
        return switch (column.type.root()) {
            case INT -> (int) n;
            case BIGINT -> n;
            case BOOLEAN -> (random & 1) == 1;
            case DOUBLE -> column.min + (column.max - column.min) * ((random >>> 11) * 0x1.0p-53);
            case DECIMAL -> BigDecimal.valueOf(Math.floorMod(random, (long) Math.pow(10, Math.min(18,
                    column.type.precision()))), column.type.scale());
            case STRING -> {
                StringBuilder text = new StringBuilder(column.length);
                for (int c = 0; c < column.length; c++) {
                    text.append(Character.forDigit((int) (mix(random + c) & 15), 16));
                }
                yield text.toString();
            }
            case TIMESTAMP -> LocalDateTime.ofInstant(Instant.ofEpochMilli(System.currentTimeMillis()), ZoneOffset.UTC);
            case TIMESTAMP_LTZ -> Instant.ofEpochMilli(System.currentTimeMillis());
            case INTERVAL -> throw new IllegalStateException("no column is an INTERVAL");
        };
    }

    /** SplitMix64's finaliser: a well-spread long for each input. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

}
