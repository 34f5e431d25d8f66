package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SQL statement into tokens, as Flink's SQL spells them: names (back quotes for any other
 * name), string literals in single quotes ({@code ''} for a quote), numbers, operators, {@code --}
 * and {@code /* *}{@code /} comments. Every token knows its line and column.
 */
final class Lexer {

    private static final String[] SYMBOLS = {"<>", "<=", ">=", "!=", "=>", "||", "+", "-", "*", "/", "%", "=", "<",
        ">", "(", ")", ",", ".", ";"};

    private final String sql;
    private int at;
    private int line = 1;
    private int lineStart;

    private Lexer(String sql) {
        this.sql = sql;
    }

    /** The tokens of {@code sql}, ending with an {@link Token.Kind#END} token. */
    static List<Token> tokens(String sql) {
        return new Lexer(sql).all();
    }

    private List<Token> all() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (at >= sql.length()) {
                tokens.add(new Token(Token.Kind.END, "", line, column()));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private int column() {
        return at - lineStart + 1;
    }

    private void skipSpaceAndComments() {
        while (at < sql.length()) {
            char c = sql.charAt(at);
            if (c == '\n') {
                at++;
                line++;
                lineStart = at;
            } else if (Character.isWhitespace(c)) {
                at++;
            } else if (sql.startsWith("--", at)) {
                while (at < sql.length() && sql.charAt(at) != '\n') {
                    at++;
                }
            } else if (sql.startsWith("/*", at)) {
                int startLine = line;
                int startColumn = column();
                at += 2;
                while (at < sql.length() && !sql.startsWith("*/", at)) {
                    if (sql.charAt(at++) == '\n') {
                        line++;
                        lineStart = at;
                    }
                }
                if (at >= sql.length()) {
                    throw new SqlException(startLine, startColumn, "a comment that is never closed with */");
                }
                at += 2;
            } else {
                return;
            }
        }
    }

    private Token next() {
        int startColumn = column();
        char c = sql.charAt(at);
        if (Character.isLetter(c) || c == '_') {
            int start = at;
            while (at < sql.length() && (Character.isLetterOrDigit(sql.charAt(at)) || sql.charAt(at) == '_')) {
                at++;
            }
            return new Token(Token.Kind.WORD, sql.substring(start, at), line, startColumn);
        }
        if (Character.isDigit(c) || c == '.' && at + 1 < sql.length() && Character.isDigit(sql.charAt(at + 1))) {
            int start = at;
            while (at < sql.length() && (Character.isDigit(sql.charAt(at)) || sql.charAt(at) == '.')) {
                at++;
            }
            String number = sql.substring(start, at);
            if (number.indexOf('.') != number.lastIndexOf('.')) {
                throw new SqlException(line, startColumn, "a number with two decimal points: " + number);
            }
            return new Token(Token.Kind.NUMBER, number, line, startColumn);
        }
        if (c == '\'') {
            return new Token(Token.Kind.STRING, quoted('\'', "a string literal"), line, startColumn);
        }
        if (c == '`') {
            return new Token(Token.Kind.QUOTED_WORD, quoted('`', "a quoted name"), line, startColumn);
        }
        for (String symbol : SYMBOLS) {
            if (sql.startsWith(symbol, at)) {
                at += symbol.length();
                return new Token(Token.Kind.SYMBOL, symbol, line, startColumn);
            }
        }
        throw new SqlException(line, startColumn, "unexpected character '" + c + "'");
    }

    /** The text between two {@code quote}s from here, a doubled quote standing for one. */
    private String quoted(char quote, String what) {
        int startLine = line;
        int startColumn = column();
        StringBuilder text = new StringBuilder();
        at++;
        while (true) {
            if (at >= sql.length()) {
                throw new SqlException(startLine, startColumn, what + " that is never closed with " + quote);
            }
            char c = sql.charAt(at++);
            if (c == quote) {
                if (at < sql.length() && sql.charAt(at) == quote) {
                    text.append(quote);
                    at++;
                    continue;
                }
                return text.toString();
            }
            if (c == '\n') {
                line++;
                lineStart = at;
            }
            text.append(c);
        }
    }
}
