package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.CoProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichCoMapFunction;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.eventtime.WatermarkStrategy;
import org.junit.jupiter.api.Test;

/** Co-functions on connected keyed streams get keyed state, shared by both inputs, as in Flink. */
class ConnectedKeyedStateTest {

    /** Counts per key what came on either input. */
    static final class CountBoth extends RichCoMapFunction<String, Integer, String> {
        private transient ValueState<Integer> seen;

        @Override
        public void open(OpenContext openContext) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Integer.class));
        }

        private int next() throws Exception {
            int count = seen.value() == null ? 1 : seen.value() + 1;
            seen.update(count);
            return count;
        }

        @Override
        public String map1(String value) throws Exception {
            return value + "#" + next();
        }

        @Override
        public String map2(Integer value) throws Exception {
            return value + "#" + next();
        }
    }

    @Test
    void aRichCoMapOnConnectedKeyedStreams_keepsStatePerKeyAcrossBothInputs() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        var letters = env.fromElements("a1", "b1", "a2").keyBy(s -> s.startsWith("a") ? 1 : 2);
        var numbers = env.fromElements(1, 2, 1).keyBy(n -> n);
        assertThat(letters.connect(numbers).map(new CountBoth()).executeAndCollect())
                .extracting(s -> s.substring(s.indexOf('#') + 1))
                .as("key 1 sees a1, a2 and two 1s; key 2 sees b1 and a 2")
                .containsExactlyInAnyOrder("1", "2", "3", "4", "1", "2");
    }

    /** Remembers each key's price (input 2) and prices its orders (input 1) when the order's timer fires. */
    static final class PriceLater extends CoProcessFunction<String, String, String> {
        private transient ValueState<String> price;

        @Override
        public void open(OpenContext openContext) {
            price = getRuntimeContext().getState(new ValueStateDescriptor<>("price", String.class));
        }

        @Override
        public void processElement1(String order, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
        }

        @Override
        public void processElement2(String quote, Context ctx, Collector<String> out) throws Exception {
            price.update(quote.substring(quote.indexOf('=') + 1));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(timestamp + " " + price.value() + " " + ctx.timeDomain());
        }
    }

    @Test
    void aCoProcessFunctionOnConnectedKeyedStreams_hasKeyedStateAndTimers() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        WatermarkStrategy<String> byPrefix = WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((s, previous) -> Long.parseLong(s.substring(0, s.indexOf(':'))));
        var orders = env.fromElements("1:a", "2:b").assignTimestampsAndWatermarks(byPrefix);
        var quotes = env.fromElements("0:a=7", "0:b=9").assignTimestampsAndWatermarks(byPrefix);
        var priced = orders.connect(quotes)
                .keyBy(o -> o.substring(o.indexOf(':') + 1), q -> q.substring(q.indexOf(':') + 1, q.indexOf('=')))
                .process(new PriceLater());
        assertThat(priced.executeAndCollect())
                .as("each order's timer sees the price its key got on the other input")
                .containsExactlyInAnyOrder("11 7 EVENT_TIME", "12 9 EVENT_TIME");
    }
}
