package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.Schema;
import dev.tidemark.table.StreamTableEnvironment;
import dev.tidemark.table.Table;

/**
 * Bids counted and summed per item and minute in SQL, over a stream turned into a table whose
 * rowtime is the records' timestamp, and the results turned back into a stream and printed.
 */
public class BidsPerMinute {

    /** A bid, as a POJO: public fields and a public no-argument constructor. */
    public static class Bid {
        public String item;
        public long price;
        public long time;

        public Bid() {}

        public Bid(String item, long price, long time) {
            this.item = item;
            this.price = price;
            this.time = time;
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Bid> bids = env.fromElements(new Bid("shoe", 10, 1_000), new Bid("hat", 5, 20_000),
                        new Bid("shoe", 20, 59_999), new Bid("shoe", 7, 60_000), new Bid("hat", 3, 150_000))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Bid>forMonotonousTimestamps()
                        .withTimestampAssigner((bid, previous) -> bid.time));
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporaryView("bids", bids, Schema.newBuilder()
                .columnByMetadata("rowtime", DataTypes.TIMESTAMP_LTZ(3))
                .watermark("rowtime", "SOURCE_WATERMARK()")
                .build());
        Table perMinute = tEnv.sqlQuery("SELECT item, window_start, window_time, COUNT(*) AS bids, SUM(price) AS total"
                + " FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(rowtime), INTERVAL '1' MINUTE))"
                + " GROUP BY item, window_start, window_end, window_time");
        tEnv.toDataStream(perMinute).print();
        env.execute("Bids per minute");
    }
}
