package dev.tidemark.runtime.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.SqlException;
import dev.tidemark.table.TimeKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Expressions get their types, and time attributes follow Flink's rules: a bare reference keeps
 * one, any expression over it makes a plain value that remembers where the attribute was lost.
 */
class BinderTest {

    static final List<Field> BIDS = List.of(
            new Field("b", "bidtime", DataTypes.TIMESTAMP(3).as(TimeKind.ROWTIME), null),
            new Field("b", "price", DataTypes.DECIMAL(10, 2), null),
            new Field("b", "item", DataTypes.STRING(), null),
            new Field("b", "qty", DataTypes.INT().withNullable(false), null),
            new Field("b", "pt", DataTypes.TIMESTAMP_LTZ(3).withNullable(false).as(TimeKind.PROCTIME), null));

    static Bound bind(String expression) {
        return new Binder(BIDS).bind(SqlParser.parseExpression(expression));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "bidtime|TIMESTAMP(3) *ROWTIME*",
        "b.bidtime|TIMESTAMP(3) *ROWTIME*",
        "pt|TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*",
        "bidtime + INTERVAL '1' HOUR|TIMESTAMP(3)",
        "CAST(bidtime AS TIMESTAMP(3))|TIMESTAMP(3)",
        "PROCTIME()|TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*",
        "COALESCE(item, 'none')|STRING NOT NULL",
        "COALESCE(item, item)|STRING",
        "CONCAT(item, 'x')|STRING",
        "TO_TIMESTAMP_LTZ(qty, 3)|TIMESTAMP_LTZ(3) NOT NULL",
        "qty + 1|INT NOT NULL",
        "qty + 10000000000|BIGINT NOT NULL",
        "qty / 2|INT NOT NULL",
        "price * qty|DECIMAL(38, 2)",
        "qty * 1.5|DECIMAL(38, 1) NOT NULL",
        "price > 10 AND item IS NOT NULL|BOOLEAN",
        "qty BETWEEN 1 AND 5|BOOLEAN NOT NULL",
        "item IN ('a', 'b')|BOOLEAN",
        "CASE WHEN qty > 1 THEN 'many' ELSE 'one' END|STRING",
        "\"UPPER(item) || '!'\"|STRING",
        "CHAR_LENGTH(item)|INT",
        "CAST(NULL AS BIGINT)|BIGINT",
        "-qty|INT NOT NULL",
    })
    void expressions_haveFlinksTypes_andOnlyABareReferenceKeepsATimeAttribute(String expression, String type) {
        assertThat(bind(expression).type()).hasToString(type);
    }

    @Test
    void aTimestampComputedFromATimeAttribute_remembersWhereItWasLost() {
        Bound shifted = bind("bidtime + INTERVAL '1' HOUR");
        assertThat(shifted.loss()).isEqualTo(new Field.Lineage("b.bidtime", TimeKind.ROWTIME, new Position(1, 9),
                "bidtime + INTERVAL '1' HOUR"));
        Field derived = new Field(null, "t", shifted.type(), shifted.loss());
        Bound t = new Binder(List.of(derived)).bind(SqlParser.parseExpression("t"));
        assertThatThrownBy(() -> TimeAttributes.require(t, "t", "TUMBLE", new Position(3, 40)))
                .isInstanceOf(SqlException.class)
                .hasMessage("line 3, column 40: TUMBLE: column 't' is TIMESTAMP(3), not a time attribute. It was derived"
                        + " from rowtime 'b.bidtime' by the expression at line 1, column 9 ('bidtime + INTERVAL '1' HOUR')."
                        + " Use 'b.bidtime' itself (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3)"
                        + " where a plain value is meant.");
    }

    @Test
    void aPlainTimestampOrAnotherType_isNoTimeAttribute_andTheErrorSaysHowToDeclareOne() {
        List<Field> plain = List.of(new Field(null, "ts", DataTypes.TIMESTAMP(3), null),
                new Field(null, "n", DataTypes.BIGINT(), null));
        Binder binder = new Binder(plain);
        assertThatThrownBy(() -> TimeAttributes.require(binder.bind(SqlParser.parseExpression("ts")), "ts", "HOP",
                new Position(1, 5)))
                .hasMessage("line 1, column 5: HOP: column 'ts' is TIMESTAMP(3), not a time attribute. Declare it one:"
                        + " WATERMARK FOR ts AS ... in CREATE TABLE, or a rowtime column in the schema of fromDataStream.");
        assertThatThrownBy(() -> TimeAttributes.require(binder.bind(SqlParser.parseExpression("n")), "n", "SESSION",
                new Position(1, 5)))
                .hasMessageContaining("SESSION: column 'n' is BIGINT, not a time attribute. A time attribute is");
        assertThat(TimeAttributes.require(bind("pt"), "pt", "TUMBLE", new Position(1, 1))).isEqualTo(TimeKind.PROCTIME);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "prize > 1|1|1|column 'prize' not found; the input has b.bidtime, b.price, b.item, b.qty, b.pt",
        "item + 1|1|6|cannot apply '+' to STRING and INT NOT NULL in 'item + 1'",
        "qty AND TRUE|1|5|AND needs BOOLEAN, not INT NOT NULL, in 'qty AND TRUE'",
        "item = 1|1|6|cannot compare STRING with INT NOT NULL in 'item = 1'",
        "SUM(price)|1|1|aggregate SUM is allowed only in the select list or HAVING of a query with GROUP BY",
        "TUMBLE(bidtime, INTERVAL '1' HOUR)|1|1|TUMBLE is a window table function: use it as FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(time_column), ..))",
        "FOO(item)|1|1|function FOO is not supported",
        "NULL|1|1|NULL has no type here; write CAST(NULL AS <type>)",
        "CAST(bidtime AS INT)|1|1|cannot cast TIMESTAMP(3) to INT",
        "bidtime - bidtime|1|9|cannot apply '-' to TIMESTAMP(3) and TIMESTAMP(3) in 'bidtime - bidtime'",
        "TO_TIMESTAMP_LTZ(qty, 6)|1|1|TO_TIMESTAMP_LTZ(value, precision) takes precision 0 (seconds) or 3 (milliseconds) as a literal",
        "qty LIKE 'x%'|1|5|LIKE needs STRING, not INT NOT NULL, in 'qty LIKE 'x%''",
        "item LIKE 'a!b' ESCAPE '!'|1|11|LIKE pattern 'a!b': the escape character '!' must be followed by '%', '_' or itself",
        "item LIKE 'a%' ESCAPE item|1|23|LIKE .. ESCAPE takes one character, as a literal",
    })
    void badExpressions_areRefusedAtTheirPosition(String expression, int line, int column, String message) {
        assertThatThrownBy(() -> bind(expression)).isInstanceOf(SqlException.class)
                .hasMessage("line " + line + ", column " + column + ": " + message);
    }

    @Test
    void anAmbiguousName_mustBeQualified() {
        List<Field> joined = List.of(new Field("o", "id", DataTypes.BIGINT(), null),
                new Field("s", "id", DataTypes.BIGINT(), null));
        assertThatThrownBy(() -> new Binder(joined).bind(SqlParser.parseExpression("id = 1")))
                .hasMessage("line 1, column 1: column 'id' is ambiguous: o.id, s.id; qualify it");
        DataType type = new Binder(joined).bind(SqlParser.parseExpression("s.id")).type();
        assertThat(type).isEqualTo(DataTypes.BIGINT());
    }
}
