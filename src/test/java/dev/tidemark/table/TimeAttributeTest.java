package dev.tidemark.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.testing.TestDriver;
import java.io.Serializable;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The time-attribute contract, operator by operator: what each keeps, makes plain, or refuses of a
 * rowtime and a proctime, read from the columns of the tables it plans (as {@code getColumns()}
 * prints them), and the exact errors of the refusals.
 */
class TimeAttributeTest {

    public record Bid(LocalDateTime bidtime, String item, int price) implements Serializable {}

    public record Ask(LocalDateTime ts, String item) implements Serializable {}

    private final TestDriver driver = TestDriver.create();
    private final StreamTableEnvironment tEnv = StreamTableEnvironment.create(driver.env());

    TimeAttributeTest() {
        tEnv.createTemporaryView("bids", driver.source("bids", Bid.class).stream(), Schema.newBuilder()
                .columnByExpression("pt", "PROCTIME()").watermark("bidtime", "bidtime - INTERVAL '1' SECOND").build());
        tEnv.createTemporaryView("asks", driver.source("asks", Ask.class).stream(), Schema.newBuilder()
                .watermark("ts", "ts").build());
    }

    @AfterEach
    void close() {
        driver.close();
    }

    private static final String PER_MINUTE = "SELECT item, window_start, window_end, window_time, COUNT(*) AS n FROM"
            + " TABLE(TUMBLE(TABLE %s, DESCRIPTOR(%s), INTERVAL '1' MINUTE)) GROUP BY item, window_start, window_end,"
            + " window_time";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a source|SELECT * FROM bids|[bidtime TIMESTAMP(3) *ROWTIME*, item STRING, price INT NOT NULL, pt TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*]",
        "a reference and a rename keep both|SELECT bidtime AS t, pt AS p FROM bids|[t TIMESTAMP(3) *ROWTIME*, p TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*]",
        "WHERE keeps both|SELECT bidtime, pt FROM bids WHERE bidtime > TIMESTAMP '2024-01-01 00:00:00'|[bidtime TIMESTAMP(3) *ROWTIME*, pt TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*]",
        "an expression makes both plain|SELECT bidtime + INTERVAL '1' SECOND AS a, CAST(bidtime AS TIMESTAMP(3)) AS b, pt + INTERVAL '0' SECOND AS c FROM bids|[a TIMESTAMP(3), b TIMESTAMP(3), c TIMESTAMP_LTZ(3) NOT NULL]",
        "a window over a rowtime: its bounds plain, window_time a rowtime|SELECT window_start, window_end, window_time FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bidtime), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end, window_time|[window_start TIMESTAMP(3) NOT NULL, window_end TIMESTAMP(3) NOT NULL, window_time TIMESTAMP(3) NOT NULL *ROWTIME*]",
        "a window over a proctime: window_time a proctime|SELECT window_start, window_time FROM TABLE(HOP(TABLE bids, DESCRIPTOR(pt), INTERVAL '1' MINUTE, INTERVAL '2' MINUTE)) GROUP BY window_start, window_end, window_time|[window_start TIMESTAMP(3) NOT NULL, window_time TIMESTAMP_LTZ(3) NOT NULL *PROCTIME*]",
        "a group window: only TUMBLE_ROWTIME a rowtime|SELECT TUMBLE_START(bidtime, INTERVAL '1' HOUR) AS s, TUMBLE_ROWTIME(bidtime, INTERVAL '1' HOUR) AS t FROM bids GROUP BY TUMBLE(bidtime, INTERVAL '1' HOUR)|[s TIMESTAMP(3) NOT NULL, t TIMESTAMP(3) NOT NULL *ROWTIME*]",
        "an interval join keeps both rowtimes|SELECT b.bidtime, a.ts FROM bids b JOIN asks a ON b.item = a.item AND a.ts BETWEEN b.bidtime AND b.bidtime + INTERVAL '1' MINUTE|[bidtime TIMESTAMP(3) *ROWTIME*, ts TIMESTAMP(3) *ROWTIME*]",
        "OVER keeps the rowtime|SELECT bidtime, COUNT(*) OVER (ORDER BY bidtime) AS n FROM bids|[bidtime TIMESTAMP(3) *ROWTIME*, n BIGINT NOT NULL]",
    })
    void eachOperator_keepsOrMakesPlainTheTimeAttributesItIsGiven(String operator, String query, String columns) {
        assertThat(tEnv.sqlQuery(query).getColumns()).hasToString(columns);
    }

    @Test
    void aWindowJoin_keepsTheLeftWindowTime_andMakesTheRightOnePlain() {
        tEnv.createTemporaryView("b", tEnv.sqlQuery(PER_MINUTE.formatted("bids", "bidtime")));
        tEnv.createTemporaryView("a", tEnv.sqlQuery(PER_MINUTE.formatted("asks", "ts")));
        assertThat(tEnv.sqlQuery("SELECT L.window_time, R.window_time AS right_time FROM b L JOIN a R ON L.item = R.item"
                + " AND L.window_start = R.window_start AND L.window_end = R.window_end").getColumns())
                .hasToString("[window_time TIMESTAMP(3) NOT NULL *ROWTIME*, right_time TIMESTAMP(3) NOT NULL]");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a window over a plain timestamp|SELECT window_start FROM TABLE(TUMBLE(TABLE shifted, DESCRIPTOR(t), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end|line 1, column 54: TUMBLE: column 't' is TIMESTAMP(3), not a time attribute. It was derived from rowtime 'bids.bidtime' by the expression at line 1, column 16 ('bidtime + INTERVAL '1' SECOND'). Use 'bids.bidtime' itself (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3) where a plain value is meant.",
        "a group window over a plain timestamp|SELECT COUNT(*) FROM shifted GROUP BY TUMBLE(t, INTERVAL '1' HOUR)|line 1, column 46: TUMBLE: column 't' is TIMESTAMP(3), not a time attribute. It was derived from rowtime 'bids.bidtime' by the expression at line 1, column 16 ('bidtime + INTERVAL '1' SECOND'). Use 'bids.bidtime' itself (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3) where a plain value is meant.",
        "OVER over a plain timestamp|SELECT COUNT(*) OVER (ORDER BY t) FROM shifted|line 1, column 32: OVER: column 't' is TIMESTAMP(3), not a time attribute. It was derived from rowtime 'bids.bidtime' by the expression at line 1, column 16 ('bidtime + INTERVAL '1' SECOND'). Use 'bids.bidtime' itself (a window's OFFSET shifts its boundaries), or CAST it AS TIMESTAMP(3) where a plain value is meant.",
        "a window over a column that is no timestamp|SELECT window_start FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(item), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end|line 1, column 51: TUMBLE: column 'item' is STRING, not a time attribute. A time attribute is a TIMESTAMP(3) or TIMESTAMP_LTZ(3) column with a watermark, or PROCTIME().",
        "OVER over a proctime|SELECT COUNT(*) OVER (ORDER BY pt) FROM bids|line 1, column 32: OVER ordered by the processing-time attribute 'pt' is not supported yet",
    })
    void operatorsThatNeedATimeAttribute_refuseOthers_sayingWhereItWasLost(String operator, String query,
            String message) {
        tEnv.createTemporaryView("shifted", tEnv.sqlQuery("SELECT bidtime + INTERVAL '1' SECOND AS t FROM bids"));
        assertThatThrownBy(() -> tEnv.sqlQuery(query)).isInstanceOf(SqlException.class).hasMessage(message);
    }

    @Test
    void anIntervalJoinOverAProctime_andTwoRowtimesIntoAStream_areRefused() {
        assertThatThrownBy(() -> tEnv.sqlQuery("SELECT * FROM bids b JOIN asks a ON b.item = a.item AND a.ts BETWEEN"
                + " b.pt AND b.pt + INTERVAL '1' MINUTE"))
                .hasMessage("line 1, column 62: an interval join over the processing-time attribute 'b.pt' is not"
                        + " supported yet");
        Table both = tEnv.sqlQuery("SELECT b.bidtime, a.ts FROM bids b JOIN asks a ON b.item = a.item AND a.ts BETWEEN"
                + " b.bidtime AND b.bidtime + INTERVAL '1' MINUTE");
        assertThatThrownBy(() -> tEnv.toDataStream(both)).hasMessage("toDataStream: 2 rowtime columns [bidtime, ts];"
                + " keep one, and CAST the others AS TIMESTAMP(3)");
    }
}
