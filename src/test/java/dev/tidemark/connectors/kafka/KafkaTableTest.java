package dev.tidemark.connectors.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.table.Row;
import dev.tidemark.table.StreamTableEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** Tables of SQL's Kafka connector on a real broker: rows written by INSERT INTO come back through a query. */
@Timeout(120)
@ExtendWith(TestBroker.Lifecycle.class)
class KafkaTableTest {

    @Test
    void rowsInsertedIntoAKafkaTable_areReadBackWithTheirRowtimeAndWindowed() throws Exception {
        String bootstrap = TestBroker.bootstrap();
        TestBroker.createTopic("sql-clicks", 1);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        String kafka = "'connector' = 'kafka', 'topic' = 'sql-clicks', 'properties.bootstrap.servers' = '" + bootstrap
                + "', 'format' = 'json'";
        tEnv.executeSql("CREATE TABLE generated (id BIGINT, ts_ms BIGINT) WITH ('connector' = 'datagen',"
                + " 'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '5',"
                + " 'fields.ts_ms.kind' = 'sequence', 'fields.ts_ms.start' = '59998', 'fields.ts_ms.end' = '60002')");
        tEnv.executeSql("CREATE TABLE clicks (id BIGINT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts) WITH (" + kafka
                + ", 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset')");
        tEnv.executeSql("INSERT INTO clicks SELECT id, TO_TIMESTAMP_LTZ(ts_ms, 3) FROM generated").await();
        var perMinute = tEnv.sqlQuery("SELECT window_start, COUNT(*) AS n, MAX(id) AS last FROM TABLE(TUMBLE(TABLE"
                + " clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
        assertThat(tEnv.toDataStream(perMinute).executeAndCollect()).map(Row::toString).containsExactly(
                "+I[1970-01-01T00:00, 2, 2]", "+I[1970-01-01T00:01, 3, 5]");
    }
}
