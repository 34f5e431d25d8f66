package dev.tidemark.runtime.table;

import dev.tidemark.connectors.file.LineFormat;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.table.DataType;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code 'format'} of a table's lines, {@code csv} or {@code json}: how a line becomes the
 * values of the physical columns, and back. Timestamps are written as SQL writes them,
 * {@code 2024-05-01 12:00:00.000} (a {@code TIMESTAMP_LTZ} in UTC, with a {@code Z}), and read in
 * that form or ISO-8601's; in CSV an empty field is NULL, except for a STRING.
 */
final class RowFormat implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final DateTimeFormatter SQL_TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS",
            Locale.ROOT);

    private final boolean json;
    private final char delimiter;
    private final boolean allowComments;
    private final List<String> names;
    private final List<DataType> types;

    /** @param allowComments whether a CSV line that starts with {@code #} is skipped ({@code 'csv.allow-comments'}) */
    RowFormat(String format, char delimiter, boolean allowComments, List<Field> physical) {
        this.json = format.equals("json");
        this.delimiter = delimiter;
        this.allowComments = allowComments;
        this.names = physical.stream().map(Field::name).toList();
        this.types = physical.stream().map(Field::type).toList();
    }

    /** The lines' parser; a line that does not fit fails with the column and the reason. */
    LineFormat<Object[]> lines() {
        if (json) {
            return LineFormat.jsonLines(this::fromJson);
        }
        LineFormat<Object[]> csv = LineFormat.csv(delimiter, this::fromCsv);
        return allowComments ? line -> line.startsWith("#") ? null : csv.parse(line) : csv;
    }

    private Object[] fromCsv(List<String> values) {
        if (values.size() != types.size()) {
            throw new IllegalArgumentException("a CSV line with " + values.size() + " fields for the " + types.size()
                    + " columns " + names);
        }
        Object[] row = new Object[types.size()];
        for (int i = 0; i < row.length; i++) {
            String value = values.get(i);
            boolean isNull = value.isEmpty() && types.get(i).root() != DataType.Root.STRING;
            row[i] = isNull ? null : read(i, value);
        }
        return row;
    }

    private Object[] fromJson(Map<String, Object> object) {
        Object[] row = new Object[types.size()];
        for (int i = 0; i < row.length; i++) {
            Object value = object.get(names.get(i)); // a missing field is NULL
            row[i] = value == null ? null : value instanceof String s ? read(i, s) : fromJsonValue(i, value);
        }
        return row;
    }

    private Object fromJsonValue(int column, Object value) {
        DataType type = types.get(column);
        return switch (type.root()) {
            case INT -> Math.toIntExact(((Number) number(column, value)).longValue());
            case BIGINT -> ((Number) number(column, value)).longValue();
            case DOUBLE -> ((Number) number(column, value)).doubleValue();
            case DECIMAL -> read(column, value.toString());
            case STRING -> value.toString();
            case BOOLEAN -> {
                if (!(value instanceof Boolean b)) {
                    throw mismatch(column, value.toString());
                }
                yield b;
            }
            default -> throw mismatch(column, value.toString());
        };
    }

    private Object number(int column, Object value) {
        if (!(value instanceof Number)) {
            throw mismatch(column, value.toString());
        }
        return value;
    }

    private Object read(int column, String text) {
        DataType type = types.get(column);
        try {
            return switch (type.root()) {
                case STRING -> text;
                case BOOLEAN -> {
                    if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
                        throw mismatch(column, text);
                    }
                    yield Boolean.parseBoolean(text);
                }
                case INT -> Integer.parseInt(text.trim());
                case BIGINT -> Long.parseLong(text.trim());
                case DOUBLE -> Double.parseDouble(text.trim());
                case DECIMAL -> decimal(column, new BigDecimal(text.trim()));
                case TIMESTAMP -> LocalDateTime.parse(isoText(text)).truncatedTo(ChronoUnit.MILLIS);
                case TIMESTAMP_LTZ -> {
                    String iso = isoText(text);
                    yield (iso.endsWith("Z") ? Instant.parse(iso) : LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC))
                            .truncatedTo(ChronoUnit.MILLIS);
                }
                case INTERVAL -> throw new IllegalStateException("no column is an INTERVAL");
            };
        } catch (java.time.DateTimeException | NumberFormatException | ArithmeticException e) {
            throw mismatch(column, text);
        }
    }

    private Object decimal(int column, BigDecimal value) {
        BigDecimal scaled = value.setScale(types.get(column).scale(), RoundingMode.HALF_UP);
        if (scaled.precision() > types.get(column).precision()) {
            throw mismatch(column, value.toPlainString());
        }
        return scaled;
    }

    private static String isoText(String text) {
        return text.trim().replace(' ', 'T');
    }

    private IllegalArgumentException mismatch(int column, String text) {
        return new IllegalArgumentException("column '" + names.get(column) + "' is " + types.get(column) + ", and '"
                + text + "' is not one");
    }

    /** A row of the physical columns as one line, without the line break. */
    String line(Object[] row) {
        StringBuilder line = new StringBuilder();
        if (json) {
            line.append('{');
        }
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                line.append(json ? ',' : delimiter);
            }
            if (json) {
                quoted(line, names.get(i)).append(':');
            }
            Object value = row[i];
            if (value == null) {
                line.append(json ? "null" : "");
            } else if (value instanceof String s) {
                if (json || s.indexOf(delimiter) >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.isEmpty()) {
                    quoted(line, s);
                } else {
                    line.append(s);
                }
            } else if (value instanceof LocalDateTime t) {
                text(line, SQL_TIMESTAMP.format(t));
            } else if (value instanceof Instant t) {
                text(line, SQL_TIMESTAMP.format(t.atOffset(ZoneOffset.UTC)) + "Z");
            } else if (value instanceof BigDecimal d) {
                line.append(d.toPlainString());
            } else {
                line.append(value);
            }
        }
        return json ? line.append('}').toString() : line.toString();
    }

    private StringBuilder text(StringBuilder line, String text) {
        return json ? quoted(line, text) : line.append(text);
    }

    /** {@code text} in double quotes: JSON's escapes, or CSV's doubled quotes. */
    private StringBuilder quoted(StringBuilder line, String text) {
        line.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!json) {
                line.append(c == '"' ? "\"\"" : String.valueOf(c));
            } else if (c == '"' || c == '\\') {
                line.append('\\').append(c);
            } else if (c < 0x20) {
                line.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                line.append(c);
            }
        }
        return line.append('"');
    }
}
