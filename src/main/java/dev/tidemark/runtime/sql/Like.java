package dev.tidemark.runtime.sql;

import java.util.regex.Pattern;

/**
 * SQL's {@code value LIKE pattern [ESCAPE c]}: {@code %} matches any run of characters, {@code _}
 * one character, and the whole value must match. There is no escape character unless {@code ESCAPE}
 * names one, as in Flink 1.20.4; the escape character must then be followed by {@code %}, {@code _}
 * or itself. NULL in, NULL out.
 */
final class Like {

    private Like() {}

    /** {@code value LIKE pattern}, the pattern compiled once when it is a constant. */
    static Evaluation of(Evaluation value, Evaluation pattern, Bound patternBound, Character escape) {
        if (patternBound instanceof Bound.Constant constant) {
            if (constant.value() == null) {
                return row -> null;
            }
            Pattern compiled = regex((String) constant.value(), escape);
            return row -> {
                Object v = value.apply(row);
                return v == null ? null : compiled.matcher((String) v).matches();
            };
        }
        return row -> {
            Object v = value.apply(row);
            Object p = v == null ? null : pattern.apply(row);
            return p == null ? null : regex((String) p, escape).matcher((String) v).matches();
        };
    }

    /**
     * The regular expression of a LIKE pattern.
     *
     * @throws IllegalArgumentException for an escape character followed by anything else than
     *     {@code %}, {@code _} or itself
     */
    static Pattern regex(String like, Character escape) {
        StringBuilder regex = new StringBuilder(like.length() + 8);
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (escape != null && c == escape) {
                char next = i + 1 < like.length() ? like.charAt(i + 1) : 0;
                if (i + 1 == like.length() || next != '%' && next != '_' && next != escape) {
                    throw new IllegalArgumentException("LIKE pattern '" + like + "': the escape character '" + escape
                            + "' must be followed by '%', '_' or itself");
                }
                regex.append(Pattern.quote(String.valueOf(next)));
                i++;
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
