package dev.tidemark.runtime.sql;

import java.util.List;
import java.util.Map;

/** A SQL statement, as written. */
public sealed interface Statement {

    Position position();

    /** {@code SELECT items FROM from [WHERE ..] [GROUP BY ..] [HAVING ..]}; the optional parts may be null or empty. */
    record Select(List<SelectItem> items, From from, Expr where, List<Expr> groupBy, Expr having, Position position)
            implements Statement {}

    /** One item of a select list; {@code alias} is null when none is given. */
    record SelectItem(Expr expression, String alias) {}

    /** {@code CREATE [TEMPORARY] TABLE name (columns, [WATERMARK FOR ..]) WITH (options)}. */
    record CreateTable(String name, List<Column> columns, WatermarkSpec watermark, Map<String, String> options,
            Position position) implements Statement {}

    /** A column of {@code CREATE TABLE}: physical, with a type, or computed ({@code name AS expression}). */
    sealed interface Column {
        String name();

        Position position();
    }

    record PhysicalColumn(String name, TypeName type, Position position) implements Column {}

    record ComputedColumn(String name, Expr expression, Position position) implements Column {}

    /** {@code WATERMARK FOR column AS expression}. */
    record WatermarkSpec(String column, Expr expression, Position position) {}

    /** {@code CREATE [TEMPORARY] VIEW name AS query}. */
    record CreateView(String name, Select query, Position position) implements Statement {}

    /** {@code INSERT INTO table query}. */
    record InsertInto(String table, Select query, Position position) implements Statement {}

    /** What a query reads from. */
    sealed interface From {
        Position position();
    }

    /** A table or view by name; {@code alias} may be null. */
    record TableName(String name, String alias, Position position) implements From {}

    /** {@code TABLE(function(..))}: a window table function; {@code alias} may be null. */
    record TableFunction(Expr.Call call, String alias, Position position) implements From {}

    /** {@code (SELECT ..) [alias]}. */
    record SubQuery(Select query, String alias, Position position) implements From {}

    /** {@code left [INNER | LEFT] JOIN right ON condition}; {@code left, right} has a null condition: the WHERE's. */
    record Join(From left, From right, JoinKind kind, Expr condition, Position position) implements From {}

    enum JoinKind {
        INNER,
        LEFT
    }
}
