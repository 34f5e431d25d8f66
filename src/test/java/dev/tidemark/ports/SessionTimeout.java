package dev.tidemark.ports;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.eventtime.WatermarkGenerator;
import dev.tidemark.eventtime.WatermarkOutput;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * A keyed process function with state and event-time timers: for each user, the number of clicks
 * since the last pause, emitted once 5 seconds of event time pass without a click.
 */
public class SessionTimeout {

    /** Clicks (user, time). */
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.fromElements(Tuple2.of("ann", 1_000L), Tuple2.of("bob", 1_500L), Tuple2.of("ann", 3_000L),
                        Tuple2.of("ann", 7_500L), Tuple2.of("bob", 9_000L), Tuple2.of("ann", 14_000L),
                        Tuple2.of("bob", 20_000L))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forGenerator(
                                context -> new WatermarkGenerator<Tuple2<String, Long>>() {
                                    @Override
                                    public void onEvent(Tuple2<String, Long> click, long eventTimestamp,
                                            WatermarkOutput output) {
                                        output.emitWatermark(new Watermark(eventTimestamp - 1)); // clicks come in order
                                    }

                                    @Override
                                    public void onPeriodicEmit(WatermarkOutput output) {}
                                })
                        .withTimestampAssigner((click, timestamp) -> click.f1))
                .keyBy(click -> click.f0)
                .process(new CountUntilPause())
                .print();
        env.execute("Session timeout");
    }

    /** Counts a user's clicks and emits (user, clicks) when 5 s pass without one. */
    public static class CountUntilPause extends KeyedProcessFunction<String, Tuple2<String, Long>, Tuple2<String, Long>> {

        private transient ValueState<Long> count;
        private transient ValueState<Long> lastClick;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
            lastClick = getRuntimeContext().getState(new ValueStateDescriptor<>("last", Types.LONG));
        }

        @Override
        public void processElement(Tuple2<String, Long> click, Context ctx, Collector<Tuple2<String, Long>> out)
                throws Exception {
            Long current = count.value();
            count.update(current == null ? 1L : current + 1);
            lastClick.update(ctx.timestamp());
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 5_000);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Tuple2<String, Long>> out) throws Exception {
            if (timestamp == lastClick.value() + 5_000) { // the timer of the latest click: a pause
                out.collect(Tuple2.of(ctx.getCurrentKey(), count.value()));
                count.clear();
            }
        }
    }
}
