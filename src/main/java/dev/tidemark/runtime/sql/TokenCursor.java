package dev.tidemark.runtime.sql;

import dev.tidemark.table.SqlException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** A position in a statement's tokens, with the small moves a recursive-descent parser makes. */
final class TokenCursor {

    /** Words that are never a bare name: a name spelled like one must be back-quoted. */
    static final Set<String> RESERVED = Set.of("SELECT", "FROM", "WHERE", "GROUP", "BY", "HAVING", "AS", "JOIN",
            "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "ON", "AND", "OR", "NOT", "BETWEEN", "IN", "IS", "NULL", "CASE",
            "WHEN", "THEN", "ELSE", "END", "CAST", "TRUE", "FALSE", "INTERVAL", "TABLE", "UNION", "ORDER", "LIMIT",
            "OVER", "WINDOW", "DISTINCT", "WITH", "INSERT", "INTO", "CREATE", "VIEW", "WATERMARK", "FOR", "PARTITION",
            "DESCRIPTOR", "EXISTS", "LIKE", "ALL", "VALUES");

    private final List<Token> tokens;
    private int at;

    TokenCursor(List<Token> tokens) {
        this.tokens = tokens;
    }

    Token peek() {
        return tokens.get(at);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    Token next() {
        Token token = tokens.get(at);
        if (token.kind() != Token.Kind.END) {
            at++;
        }
        return token;
    }

    /** Takes the keyword {@code word} if it comes next. */
    boolean accept(String word) {
        if (peek().is(word)) {
            at++;
            return true;
        }
        return false;
    }

    /** Takes the symbol {@code symbol} if it comes next. */
    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            at++;
            return true;
        }
        return false;
    }

    Token expect(String word) {
        if (!peek().is(word)) {
            throw expected(word);
        }
        return next();
    }

    Token expectSymbol(String symbol) {
        if (!peek().isSymbol(symbol)) {
            throw expected("'" + symbol + "'");
        }
        return next();
    }

    /** A name: an unquoted word that is not reserved, or a back-quoted one. */
    String name(String what) {
        Token token = peek();
        if (token.kind() == Token.Kind.QUOTED_WORD
                || token.kind() == Token.Kind.WORD && !RESERVED.contains(token.text().toUpperCase(Locale.ROOT))) {
            return next().text();
        }
        throw expected(what);
    }

    /** Whether a name comes next (not a reserved word). */
    boolean atName() {
        Token token = peek();
        return token.kind() == Token.Kind.QUOTED_WORD
                || token.kind() == Token.Kind.WORD && !RESERVED.contains(token.text().toUpperCase(Locale.ROOT));
    }

    SqlException expected(String what) {
        Token token = peek();
        return new SqlException(token.line(), token.column(), "expected " + what + " but found " + token.describe());
    }

    /** An error that {@code construct} (which starts at the next token) is outside the supported SQL. */
    SqlException notSupported(String construct) {
        Token token = peek();
        return new SqlException(token.line(), token.column(), construct + " is not supported");
    }
}
