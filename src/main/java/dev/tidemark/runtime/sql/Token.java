package dev.tidemark.runtime.sql;

/**
 * One token of a SQL statement.
 *
 * @param kind what it is
 * @param text an identifier's name (unquoted), a string literal's value (quotes and doubled quotes
 *     removed), a number's digits, an operator's symbols
 * @param line where it starts, from 1
 * @param column where it starts, from 1
 */
record Token(Kind kind, String text, int line, int column) {

    enum Kind {
        /** A name or keyword, unquoted: keywords are names the parser expects, case-insensitively. */
        WORD,
        /** A name in back quotes: never a keyword, case kept. */
        QUOTED_WORD,
        STRING,
        NUMBER,
        SYMBOL,
        END
    }

    /** Whether this is the keyword or unquoted name {@code word}, in any case. */
    boolean is(String word) {
        return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    /** Whether this is the operator or punctuation {@code symbol}. */
    boolean isSymbol(String symbol) {
        return kind == Kind.SYMBOL && text.equals(symbol);
    }

    /** How the token reads in an error message. */
    String describe() {
        return switch (kind) {
            case END -> "the end of the statement";
            case STRING -> "'" + text.replace("'", "''") + "'";
            case QUOTED_WORD -> "`" + text + "`";
            default -> "'" + text + "'";
        };
    }
}
