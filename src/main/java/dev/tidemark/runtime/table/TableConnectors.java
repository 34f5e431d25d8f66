package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.DiscardingSink;
import dev.tidemark.connectors.file.FileSink;
import dev.tidemark.connectors.file.FileSource;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.table.Row;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The connectors a {@code CREATE TABLE .. WITH ('connector' = ..)} names, with Flink's option
 * names: {@code filesystem} (read and written as lines of {@code csv} or {@code json}),
 * {@code kafka} (the same formats, in record values), {@code datagen} (generated rows, a source),
 * {@code print} and {@code blackhole} (sinks). Unknown or missing options fail at {@code CREATE TABLE}.
 */
final class TableConnectors {

    private TableConnectors() {}

    private static final Map<String, Set<String>> OPTIONS = Map.of(
            "filesystem", Set.of("path", "format", "csv.field-delimiter", "csv.allow-comments",
                    "source.monitor-interval"),
            "kafka", Set.of("topic", "properties.bootstrap.servers", "properties.group.id", "format",
                    "csv.field-delimiter", "csv.allow-comments", "scan.startup.mode", "scan.bounded.mode",
                    "sink.delivery-guarantee",
                    "sink.transactional-id-prefix"),
            "datagen", Set.of("number-of-rows", "rows-per-second"),
            "print", Set.of("print-identifier"),
            "blackhole", Set.of());

    private static final Map<String, Set<String>> REQUIRED = Map.of(
            "filesystem", Set.of("path", "format"),
            "kafka", Set.of("topic", "properties.bootstrap.servers", "format"));

    static void check(Statement.CreateTable ddl) {
        Map<String, String> options = ddl.options();
        String connector = options.get("connector");
        if (connector == null) {
            throw ddl.position().error("CREATE TABLE " + ddl.name() + " needs a 'connector' option; the connectors are "
                    + new TreeSet<>(OPTIONS.keySet()));
        }
        Set<String> known = OPTIONS.get(connector);
        if (known == null) {
            throw ddl.position().error("connector '" + connector + "' is not supported; the connectors are "
                    + new TreeSet<>(OPTIONS.keySet()));
        }
        for (String option : options.keySet()) {
            boolean field = connector.equals("datagen") && option.startsWith("fields.");
            if (!option.equals("connector") && !known.contains(option) && !field) {
                throw ddl.position().error("option '" + option + "' is not one of connector '" + connector + "'; its"
                        + " options are " + new TreeSet<>(known));
            }
        }
        for (String option : REQUIRED.getOrDefault(connector, Set.of())) {
            if (!options.containsKey(option)) {
                throw ddl.position().error("connector '" + connector + "' needs the option '" + option + "'");
            }
        }
        String format = options.get("format");
        if (format != null && !format.equals("csv") && !format.equals("json")) {
            throw ddl.position().error("format '" + format + "' is not supported; the formats are [csv, json]");
        }
        if (connector.equals("datagen")) {
            DatagenRows.check(ddl, TableDefinitions.declared(ddl).physical());
        }
        if (connector.equals("kafka")) {
            KafkaTables.check(ddl);
        }
    }

    static RowFormat format(Statement.CreateTable ddl, List<Field> physical) {
        String delimiter = ddl.options().getOrDefault("csv.field-delimiter", ",");
        if (delimiter.length() != 1) {
            throw ddl.position().error("'csv.field-delimiter' must be one character, not '" + delimiter + "'");
        }
        String comments = ddl.options().getOrDefault("csv.allow-comments", "false");
        if (!comments.equals("true") && !comments.equals("false")) {
            throw ddl.position().error("'csv.allow-comments' is true or false, not '" + comments + "'");
        }
        return new RowFormat(ddl.options().get("format"), delimiter.charAt(0), comments.equals("true"), physical);
    }

    static DataStream<Object[]> source(Statement.CreateTable ddl, List<Field> physical, StreamExecutionEnvironment env) {
        Map<String, String> options = ddl.options();
        return switch (options.get("connector")) {
            case "filesystem" -> {
                FileSource<Object[]> files = FileSource.of(options.get("path"), format(ddl, physical).lines());
                if (options.containsKey("source.monitor-interval")) {
                    files.monitorContinuously(duration(ddl, "source.monitor-interval"));
                }
                yield files.build(env).name("TableSource(" + ddl.name() + ")");
            }
            case "kafka" -> KafkaTables.source(ddl, format(ddl, physical), env);
            case "datagen" -> DatagenRows.source(ddl, physical, env);
            default -> throw ddl.position().error("connector '" + options.get("connector") + "' is a sink only: table '"
                    + ddl.name() + "' can be written with INSERT INTO, not read");
        };
    }

    static void sink(Statement.CreateTable ddl, List<Field> physical, DataStream<Object[]> rows) {
        Map<String, String> options = ddl.options();
        String name = "TableSink(" + ddl.name() + ")";
        switch (options.get("connector")) {
            case "filesystem" -> {
                RowFormat format = format(ddl, physical);
                rows.addSink(new FileSink<Object[]>(options.get("path"), format::line, FileSink.DEFAULT_MAX_PART_SIZE))
                        .name(name);
            }
            case "kafka" -> KafkaTables.sink(ddl, format(ddl, physical), rows, name);
            case "print" -> {
                List<String> names = List.copyOf(physical.stream().map(Field::name).toList()); // Row keeps it uncopied
                DataStream<Row> printed = rows.map(values -> Row.withNames(names, values)).name(name);
                String identifier = options.get("print-identifier");
                (identifier == null ? printed.print() : printed.print(identifier)).name(name);
            }
            case "blackhole" -> rows.addSink(new DiscardingSink<>()).name(name);
            default -> throw ddl.position().error("connector 'datagen' is a source only: table '" + ddl.name()
                    + "' can be read, not written with INSERT INTO");
        }
    }

    /** An option's value as a duration, written as Flink writes them: {@code 10 s}, {@code 500ms}, {@code 1 min}. */
    static Duration duration(Statement.CreateTable ddl, String option) {
        String text = ddl.options().get(option).trim().toLowerCase(java.util.Locale.ROOT);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)\\s*(ms|s|min|h|d)?").matcher(text);
        if (!m.matches()) {
            throw ddl.position().error("option '" + option + "' is a duration, such as '10 s' or '500 ms', not '" + text
                    + "'");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2) == null ? "ms" : m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "min" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofDays(amount);
        };
    }
}
