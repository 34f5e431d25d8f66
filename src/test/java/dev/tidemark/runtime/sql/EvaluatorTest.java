package dev.tidemark.runtime.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Compiled expressions compute SQL's values, NULL by SQL's three-valued logic. */
class EvaluatorTest {

    /** bidtime, price, item, qty, pt: one bid at 12:00 for 12.50, qty 3. */
    static final Object[] ROW = {LocalDateTime.parse("2024-05-01T12:00:00"), new BigDecimal("12.50"), "shoe", 3,
        Instant.parse("2024-05-01T12:00:07Z")};
    static final Object[] NULLS = {null, null, null, 3, Instant.parse("2024-05-01T12:00:07Z")};

    static Object eval(String expression, Object[] row) {
        Bound bound = BinderTest.bind(expression);
        return new Evaluator(() -> 42_000L).compile(bound).apply(row);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "qty + 1|4",
        "qty / 2|1",
        "qty % 2|1",
        "-qty|-3",
        "price * qty|37.50",
        "price > 10 AND qty BETWEEN 1 AND 3|true",
        "qty NOT BETWEEN 1 AND 2|true",
        "item IN ('hat', 'shoe')|true",
        "item NOT IN ('hat')|true",
        "CASE WHEN qty > 2 THEN 'many' ELSE 'few' END|many",
        "CASE qty WHEN 1 THEN 'one' WHEN 3 THEN 'three' END|three",
        "\"UPPER(item) || '!'\"|SHOE!",
        "CHAR_LENGTH(item)|4",
        "bidtime + INTERVAL '1:30' HOUR TO MINUTE|2024-05-01T13:30",
        "bidtime - INTERVAL '0.001' SECOND|2024-05-01T11:59:59.999",
        "CAST(price AS INT)|12",
        "CAST('7' AS BIGINT) + qty|10",
        "CAST(bidtime AS STRING)|2024-05-01 12:00:00.000",
        "CAST(bidtime AS TIMESTAMP_LTZ(3))|2024-05-01T12:00:00Z",
        "TO_TIMESTAMP_LTZ(qty, 0)|1970-01-01T00:00:03Z",
        "PROCTIME()|1970-01-01T00:00:42Z",
        "ABS(qty - 10)|7",
        "qty * 1.5|4.5",
        "COALESCE(item, 'none')|shoe",
        "CASE WHEN qty > 5 THEN price ELSE 0 END|0.00",
        "IF(qty > 2, 'many', 'few')|many",
        "CONCAT(item, '-', item)|shoe-shoe",
        "item LIKE 's%e'|true",
        "item LIKE '_ho_'|true",
        "item LIKE 'sh'|false",
        "item NOT LIKE '%o%'|false",
        "'50%' LIKE '50!%' ESCAPE '!'|true",
        "'500' LIKE '50!%' ESCAPE '!'|false",
        "'a\\b' LIKE 'a\\b'|true",
    })
    void expressions_computeTheirValues(String expression, String value) {
        assertThat(String.valueOf(eval(expression, ROW))).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "price > 10|null",
        "price > 10 AND qty > 5|false",
        "price > 10 OR qty > 1|true",
        "price > 10 OR qty > 5|null",
        "item IS NULL|true",
        "item IS NOT NULL|false",
        "item IN ('a', CAST(NULL AS STRING))|null",
        "qty IN (3, CAST(NULL AS INT))|true",
        "NOT (price > 10)|null",
        "bidtime + INTERVAL '1' SECOND|null",
        "CASE WHEN price > 10 THEN 'big' END|null",
        "item LIKE '%'|null",
        "COALESCE(item, CAST(NULL AS STRING), 'none')|none",
        "COALESCE(CAST(NULL AS INT), qty)|3",
        "CONCAT('a', item)|null",
    })
    void nulls_followThreeValuedLogic(String expression, String value) {
        assertThat(String.valueOf(eval(expression, NULLS))).isEqualTo(value);
    }

    @Test
    void integerOverflowAndBadCasts_failTheRow_insteadOfWrapping() {
        Object[] big = Arrays.copyOf(ROW, ROW.length);
        big[3] = Integer.MAX_VALUE;
        assertThatThrownBy(() -> eval("qty + 1", big)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> eval("qty / 0", ROW)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> eval("CAST(item AS INT)", ROW)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot cast 'shoe' to INT");
    }
}
