package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Day-time interval literals, as Flink's SQL writes them: {@code INTERVAL '10' SECOND} (plural
 * units too), {@code INTERVAL '0.001' SECOND}, {@code INTERVAL '1:30' HOUR TO MINUTE},
 * {@code INTERVAL '2 12:00:00' DAY TO SECOND}. Year-month intervals are not supported: windows and
 * bounds are lengths of time.
 */
final class Intervals {

    private static final List<String> UNITS = List.of("DAY", "HOUR", "MINUTE", "SECOND");
    private static final Map<String, Long> MILLIS = Map.of("DAY", 86_400_000L, "HOUR", 3_600_000L, "MINUTE", 60_000L,
            "SECOND", 1_000L);

    private Intervals() {}

    /** The literal after {@code INTERVAL} (at {@code at}): its text, unit and optional {@code TO} unit. */
    static Expr.IntervalLiteral literal(TokenCursor in, Position at) {
        Token text = in.peek();
        if (text.kind() != Token.Kind.STRING) {
            throw in.expected("the interval's value in quotes, as in INTERVAL '5' SECOND");
        }
        in.next();
        String from = unit(in);
        String to = from;
        if (in.accept("TO")) {
            to = unit(in);
            if (UNITS.indexOf(to) <= UNITS.indexOf(from)) {
                throw at.error("an interval must go from a larger unit to a smaller one: " + from + " TO " + to);
            }
        }
        String value = text.text().trim();
        boolean negative = value.startsWith("-");
        long millis = parse(negative ? value.substring(1).trim() : value, from, to, text);
        String written = "INTERVAL " + text.describe() + " " + (from.equals(to) ? from : from + " TO " + to);
        return new Expr.IntervalLiteral(negative ? -millis : millis, written, at);
    }

    private static String unit(TokenCursor in) {
        Token token = in.peek();
        String word = token.kind() == Token.Kind.WORD ? token.text().toUpperCase(Locale.ROOT) : "";
        String singular = word.endsWith("S") ? word.substring(0, word.length() - 1) : word;
        if (UNITS.contains(singular)) {
            in.next();
            return singular;
        }
        if (List.of("YEAR", "MONTH", "WEEK", "QUARTER").contains(singular)) {
            throw in.notSupported("an interval of " + word);
        }
        throw in.expected("DAY, HOUR, MINUTE or SECOND");
    }

    /** Milliseconds of {@code value} written in units {@code from} .. {@code to}: "d h:m:s.fff", parts as the units say. */
    private static long parse(String value, String from, String to, Token token) {
        int first = UNITS.indexOf(from);
        int last = UNITS.indexOf(to);
        String[] fields = value.split("[ :]", -1);
        if (fields.length != last - first + 1) {
            throw bad(token, from, to);
        }
        try {
            long millis = 0;
            for (int i = 0; i < fields.length; i++) {
                String unit = UNITS.get(first + i);
                BigDecimal amount = new BigDecimal(fields[i]);
                boolean mayHaveFraction = unit.equals("SECOND") || fields.length == 1;
                if (amount.signum() < 0 || !mayHaveFraction && amount.scale() > 0) {
                    throw bad(token, from, to);
                }
                millis = Math.addExact(millis, amount.multiply(BigDecimal.valueOf(MILLIS.get(unit))).longValueExact());
            }
            return millis;
        } catch (NumberFormatException | ArithmeticException e) {
            throw bad(token, from, to);
        }
    }

    private static SqlException bad(Token token, String from, String to) {
        String form = switch (from + " TO " + to) {
            case "HOUR TO MINUTE" -> "'h:m'";
            case "HOUR TO SECOND" -> "'h:m:s'";
            case "MINUTE TO SECOND" -> "'m:s'";
            case "DAY TO HOUR" -> "'d h'";
            case "DAY TO MINUTE" -> "'d h:m'";
            case "DAY TO SECOND" -> "'d h:m:s'";
            default -> "a number of " + from.toLowerCase(Locale.ROOT) + "s, whole or in milliseconds";
        };
        return new SqlException(token.line(), token.column(), "not an interval of " + form + ": " + token.describe()
                + " (or it does not fit in a long of milliseconds)");
    }
}
