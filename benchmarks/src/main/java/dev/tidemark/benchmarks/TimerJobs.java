package dev.tidemark.benchmarks;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.Configuration;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.util.HashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;

/**
 * W4: a keyed process function registers one event-time timer per element, at its timestamp plus
 * one second, and emits one result per timer firing; on Tidemark, Flink and as a loop. Timers of a
 * key at the same time are one timer (on every engine), so the result count is the number of
 * distinct (key, time) pairs. Hazelcast Jet has no per-key timers in its pipeline API, so it is not
 * in this workload.
 */
public final class TimerJobs {

    static final long DELAY = 1_000;

    private TimerJobs() {}

    /**
     * Runs W4 on Tidemark and returns what the sink saw; with {@code keyedState}, the function also
     * counts each key's elements in a {@code ValueState}.
     */
    public static Result tidemark(long events, long eventsPerMilli, int parallelism, boolean keyedState)
            throws InterruptedException {
        return TidemarkJobs.run("W4 timers", parallelism, env -> TidemarkJobs.keyedEvents(env,
                        new GeneratorSource(events, eventsPerMilli))
                .process(keyedState ? new CountAndTimerPerElement() : new TimerPerElement())
                .addSink(new ResultSink()));
    }

    /** Registers a timer per element; each firing emits the hash of (key, time). */
    static final class TimerPerElement extends KeyedProcessFunction<Long, Event, Long> {
        @Override
        public void processElement(Event e, Context ctx, Collector<Long> out) {
            ctx.timerService().registerEventTimeTimer(e.timestamp() + DELAY);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
            out.collect(Events.resultHash(ctx.getCurrentKey(), timestamp, 1));
        }
    }

    /** {@link TimerPerElement}, also counting each key's elements in a {@code ValueState}, as users do. */
    static final class CountAndTimerPerElement extends KeyedProcessFunction<Long, Event, Long> {
        private transient ValueState<Long> count;

        @Override
        public void open(Configuration parameters) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public void processElement(Event e, Context ctx, Collector<Long> out) throws Exception {
            Long seen = count.value();
            count.update(seen == null ? 1 : seen + 1);
            ctx.timerService().registerEventTimeTimer(e.timestamp() + DELAY);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Long> out) {
            out.collect(Events.resultHash(ctx.getCurrentKey(), timestamp, 1));
        }
    }

    /** The same firings from a loop: the distinct (key, time) pairs; with {@code keyedState}, counts in a map. */
    public static Result baseline(long events, long eventsPerMilli, boolean keyedState) {
        Set<Long> seen = new HashSet<>();
        Map<Long, Long> counts = new HashMap<>();
        long count = 0;
        long checksum = 0;
        for (long i = 0; i < events; i++) {
            long key = Events.key(i);
            if (keyedState) {
                counts.merge(key, 1L, Long::sum);
            }
            long time = Events.timestamp(i, eventsPerMilli) + DELAY;
            if (seen.add(time * 10_000 + key)) { // keys are below 10,000
                count++;
                checksum += Events.resultHash(key, time, 1);
            }
        }
        return new Result(count, checksum);
    }
}
