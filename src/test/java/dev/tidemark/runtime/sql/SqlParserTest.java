package dev.tidemark.runtime.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.runtime.sql.Expr.Call;
import dev.tidemark.runtime.sql.Expr.Descriptor;
import dev.tidemark.runtime.sql.Expr.IntervalLiteral;
import dev.tidemark.runtime.sql.Expr.Name;
import dev.tidemark.runtime.sql.Expr.TableArgument;
import dev.tidemark.runtime.sql.Statement.CreateTable;
import dev.tidemark.runtime.sql.Statement.Select;
import dev.tidemark.table.SqlException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The statements of the design notes (S1-S13) parse as written; errors name line, column and what is wrong. */
class SqlParserTest {

    @Test
    void s1_createTableWithAWatermark() {
        CreateTable bids = (CreateTable) SqlParser.parse("""
                CREATE TABLE bids (bidtime TIMESTAMP(3), price DECIMAL(10,2), item STRING,
                  WATERMARK FOR bidtime AS bidtime - INTERVAL '1' SECOND) WITH ('connector'='filesystem', 'path'='/tmp/b')""");
        assertThat(bids.name()).isEqualTo("bids");
        assertThat(bids.columns()).extracting(Statement.Column::name).containsExactly("bidtime", "price", "item");
        assertThat(((Statement.PhysicalColumn) bids.columns().get(1)).type()).hasToString("DECIMAL(10, 2)");
        assertThat(bids.watermark().column()).isEqualTo("bidtime");
        Expr.Binary delay = (Expr.Binary) bids.watermark().expression();
        assertThat(delay.operator()).isEqualTo("-");
        assertThat(((IntervalLiteral) delay.right()).millis()).isEqualTo(1_000);
        assertThat(bids.options()).containsExactly(java.util.Map.entry("connector", "filesystem"),
                java.util.Map.entry("path", "/tmp/b"));
    }

    @Test
    void s2_computedColumnsForRowtimeAndProctime() {
        CreateTable clicks = (CreateTable) SqlParser.parse("""
                CREATE TEMPORARY TABLE clicks (user_id STRING, url STRING, ts_ms BIGINT,
                  ts AS TO_TIMESTAMP_LTZ(ts_ms, 3), pt AS PROCTIME(),
                  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')""");
        Statement.ComputedColumn ts = (Statement.ComputedColumn) clicks.columns().get(3);
        assertThat(((Call) ts.expression()).function()).isEqualTo("TO_TIMESTAMP_LTZ");
        Statement.ComputedColumn pt = (Statement.ComputedColumn) clicks.columns().get(4);
        assertThat(pt.expression()).isEqualTo(new Call("PROCTIME", List.of(), pt.expression().position()));
    }

    @Test
    void s4_aTumbleTableFunction() {
        Select s4 = (Select) SqlParser.parse("SELECT window_start, window_end, item, SUM(price) AS total FROM"
                + " TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '10' MINUTES))"
                + " GROUP BY window_start, window_end, item");
        Statement.TableFunction tumble = (Statement.TableFunction) s4.from();
        assertThat(tumble.call().function()).isEqualTo("TUMBLE");
        assertThat(tumble.call().arguments()).hasSize(3);
        assertThat(((TableArgument) tumble.call().arguments().get(0)).table()).isEqualTo("bids");
        assertThat(((Descriptor) tumble.call().arguments().get(1)).columns()).containsExactly("bidtime");
        assertThat(((IntervalLiteral) tumble.call().arguments().get(2)).millis()).isEqualTo(600_000);
        assertThat(s4.items().get(3).alias()).isEqualTo("total");
        assertThat(s4.groupBy()).hasSize(3);
    }

    @Test
    void s5ToS7_hopCumulateAndSessionWithPartitionByAndNamedArguments() {
        Select hop = (Select) SqlParser.parse("SELECT window_start, COUNT(*) FROM TABLE(HOP(TABLE bids,"
                + " DESCRIPTOR(bidtime), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES)) GROUP BY window_start, window_end");
        assertThat(((Statement.TableFunction) hop.from()).call().arguments()).hasSize(4);
        assertThat(((Call) hop.items().get(1).expression()).arguments().get(0)).isInstanceOf(Expr.Star.class);
        Select session = (Select) SqlParser.parse("SELECT item, COUNT(*) FROM TABLE(SESSION(TABLE bids PARTITION BY"
                + " item, DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, window_start, window_end");
        TableArgument table = (TableArgument) ((Statement.TableFunction) session.from()).call().arguments().get(0);
        assertThat(table.partitionBy()).containsExactly("item");
        Select twoKeys = (Select) SqlParser.parse("SELECT COUNT(*) FROM TABLE(SESSION(TABLE bids PARTITION BY (item,"
                + " shop), DESCRIPTOR(bidtime), INTERVAL '5' MINUTES)) GROUP BY item, shop, window_start, window_end");
        assertThat(((TableArgument) ((Statement.TableFunction) twoKeys.from()).call().arguments().get(0)).partitionBy())
                .containsExactly("item", "shop");
        Select named = (Select) SqlParser.parse("SELECT * FROM TABLE(CUMULATE(DATA => TABLE bids, TIMECOL =>"
                + " DESCRIPTOR(bidtime), STEP => INTERVAL '2' MINUTES, SIZE => INTERVAL '10' MINUTES)) GROUP BY window_start");
        List<Expr> arguments = ((Statement.TableFunction) named.from()).call().arguments();
        assertThat(arguments).extracting(a -> ((Expr.NamedArgument) a).name())
                .containsExactly("DATA", "TIMECOL", "STEP", "SIZE");
    }

    @Test
    void s8_cascadingWindowsOverASubquery() {
        Select outer = (Select) SqlParser.parse("SELECT window_start, window_end, SUM(total) FROM TABLE(TUMBLE(TABLE"
                + " inner_view, DESCRIPTOR(window_time), INTERVAL '1' HOUR)) GROUP BY window_start, window_end");
        assertThat(((Statement.TableFunction) outer.from()).call().function()).isEqualTo("TUMBLE");
        Select sub = (Select) SqlParser.parse("SELECT t.total FROM (SELECT window_time, SUM(price) AS total FROM"
                + " TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '1' MINUTE)) GROUP BY window_start,"
                + " window_end, window_time) AS t");
        assertThat(((Statement.SubQuery) sub.from()).alias()).isEqualTo("t");
        assertThat(((Name) sub.items().get(0).expression()).parts()).containsExactly("t", "total");
    }

    @Test
    void s9_legacyGroupWindows() {
        Select s9 = (Select) SqlParser.parse("SELECT item, TUMBLE_START(bidtime, INTERVAL '1' HOUR) AS ws,"
                + " TUMBLE_ROWTIME(bidtime, INTERVAL '1' HOUR) AS wt, COUNT(*) FROM bids"
                + " GROUP BY TUMBLE(bidtime, INTERVAL '1' HOUR), item");
        assertThat(((Call) s9.groupBy().get(0)).function()).isEqualTo("TUMBLE");
        assertThat(s9.items()).extracting(Statement.SelectItem::alias).containsExactly(null, "ws", "wt", null);
    }

    @Test
    void s10AndS11_joinsWithBetweenBoundsAndWindowEqualities() {
        Select s10 = (Select) SqlParser.parse("SELECT o.id, o.order_time, s.ship_time FROM orders o JOIN shipments s"
                + " ON o.id = s.order_id AND s.ship_time BETWEEN o.order_time AND o.order_time + INTERVAL '4' HOUR");
        Statement.Join join = (Statement.Join) s10.from();
        assertThat(join.kind()).isEqualTo(Statement.JoinKind.INNER);
        assertThat(((Statement.TableName) join.left()).alias()).isEqualTo("o");
        Expr.Binary on = (Expr.Binary) join.condition();
        assertThat(on.operator()).isEqualTo("AND");
        assertThat(on.right()).isInstanceOf(Expr.Between.class);
        Select s11 = (Select) SqlParser.parse("SELECT L.item FROM (SELECT item, window_start, window_end FROM bids) L"
                + " LEFT JOIN (SELECT item, window_start, window_end FROM asks) R ON L.item = R.item"
                + " AND L.window_start = R.window_start AND L.window_end = R.window_end");
        assertThat(((Statement.Join) s11.from()).kind()).isEqualTo(Statement.JoinKind.LEFT);
    }

    @Test
    void s3AndS13_filtersAndInsertInto() {
        Statement.InsertInto insert = (Statement.InsertInto) SqlParser.parse(
                "INSERT INTO sink SELECT item, price, bidtime FROM bids WHERE price > 10 AND item IS NOT NULL;");
        assertThat(insert.table()).isEqualTo("sink");
        Expr.Binary where = (Expr.Binary) insert.query().where();
        assertThat(where.left()).isInstanceOf(Expr.Binary.class);
        assertThat(((Expr.IsNull) where.right()).negated()).isTrue();
    }

    @Test
    void expressions_followSqlPrecedence() {
        Expr e = SqlParser.parseExpression("a + b * 2 = 7 OR NOT c AND d IN (1, 2)");
        Expr.Binary or = (Expr.Binary) e;
        assertThat(or.operator()).isEqualTo("OR");
        Expr.Binary equals = (Expr.Binary) or.left();
        assertThat(((Expr.Binary) equals.left()).operator()).isEqualTo("+");
        assertThat(((Expr.Binary) ((Expr.Binary) equals.left()).right()).operator()).isEqualTo("*");
        Expr.Binary and = (Expr.Binary) or.right();
        assertThat(and.left()).isInstanceOf(Expr.Unary.class);
        assertThat(((Expr.In) and.right()).candidates()).hasSize(2);
        Expr.Case c = (Expr.Case) SqlParser.parseExpression("CASE WHEN x > 1 THEN 'big' ELSE 'small' END");
        assertThat(c.whens()).hasSize(1);
        Expr.Cast cast = (Expr.Cast) SqlParser.parseExpression("CAST(ts AS TIMESTAMP(3) WITH LOCAL TIME ZONE)");
        assertThat(cast.type()).hasToString("TIMESTAMP_LTZ(3)");
        assertThat(SqlParser.parseExpression("`select` - 1")).isInstanceOf(Expr.Binary.class);
        assertThat(SqlParser.parseExpression("'it''s'")).isEqualTo(new Expr.StringLiteral("it's", new Position(1, 1)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "INTERVAL '5' SECOND|5000",
        "INTERVAL '5' SECONDS|5000",
        "INTERVAL '0.001' SECOND|1",
        "INTERVAL '1.5' MINUTE|90000",
        "INTERVAL '1:30' HOUR TO MINUTE|5400000",
        "INTERVAL '2 01:00:00.5' DAY TO SECOND|176400500",
        "INTERVAL '-3' DAY|-259200000",
    })
    void intervalLiterals_areMilliseconds(String literal, long millis) {
        assertThat(((IntervalLiteral) SqlParser.parseExpression(literal)).millis()).isEqualTo(millis);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT a FROM t ORDER BY a|1|17|ORDER is not supported",
        "SELECT DISTINCT a FROM t|1|8|SELECT DISTINCT is not supported",
        "SELECT a FROM t RIGHT JOIN u ON a = b|1|17|RIGHT JOIN is not supported",
        "SELECT a FROM t CROSS JOIN u|1|17|CROSS JOIN is not supported",
        "SELECT SUM(a) OVER w FROM t|1|20|OVER with a named window (write the window in parentheses) is not supported",
        "SELECT SUM(a) OVER (ORDER BY ts DESC) FROM t|1|33|ORDER BY .. DESC in OVER (only ascending time) is not supported",
        "DELETE FROM t|1|1|the statement DELETE is not supported",
        "SELECT INTERVAL '1' MONTH FROM t|1|21|an interval of MONTH is not supported",
        "SELECT a\\nFROM t\\nWHERE a = (SELECT 1 FROM u)|3|12|a subquery in an expression is not supported",
    })
    void constructsOutsideTheSubset_areNotSupported_atTheirLineAndColumn(String sql, int line, int column,
            String message) {
        assertThatThrownBy(() -> SqlParser.parse(sql.replace("\\n", "\n")))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.line()).isEqualTo(line);
                    assertThat(e.column()).isEqualTo(column);
                })
                .hasMessage("line " + line + ", column " + column + ": " + message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT a FROM|1|14|expected a table name but found the end of the statement",
        "SELECT a, FROM t|1|11|expected an expression but found 'FROM'",
        "SELECT 'open FROM t|1|8|a string literal that is never closed with '",
        "SELECT a FROM t WHERE a ==1|1|26|expected an expression but found '='",
        "CREATE TABLE t (a INT) WITH (connector = 'x')|1|30|expected an option's name in quotes, as in 'connector' = 'filesystem' but found 'connector'",
        "CREATE TABLE t (a BYTES) WITH ('c' = 'x')|1|19|type BYTES is not supported; use BOOLEAN, INT, BIGINT, DOUBLE, DECIMAL, STRING, TIMESTAMP(3) or TIMESTAMP_LTZ(3)",
        "SELECT INTERVAL '1:7' HOUR FROM t|1|17|not an interval of a number of hours, whole or in milliseconds: '1:7' (or it does not fit in a long of milliseconds)",
        "SELECT TIMESTAMP '2024-13-01 00:00:00' FROM t|1|18|not a timestamp 'yyyy-MM-dd HH:mm:ss[.SSS]': '2024-13-01 00:00:00'",
        "SELECT a # b FROM t|1|10|unexpected character '#'",
    })
    void syntaxErrors_sayWhatWasExpected_atTheirLineAndColumn(String sql, int line, int column, String message) {
        assertThatThrownBy(() -> SqlParser.parse(sql))
                .isInstanceOf(SqlException.class)
                .hasMessage("line " + line + ", column " + column + ": " + message);
    }
}
