package dev.tidemark.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Pipelines run end to end through {@code execute()} on real threads. */
@Timeout(60)
class ExecutionTest {

    private final StreamExecutionEnvironment env = StreamExecutionEnvironment.create();

    @AfterEach
    void noThreadSurvives() {
        assertThat(Threads.tidemarkThreads()).isEmpty();
    }

    @Test
    void executeAndCollect_statelessOperators_keepOrder() throws Exception {
        List<String> out = env.fromElements(1, 2, 3, 4, 5)
                .map(i -> i * 10)
                .filter(i -> i != 30)
                .flatMap((Integer i, Collector<String> c) -> {
                    c.collect("a" + i);
                    c.collect("b" + i);
                })
                .executeAndCollect();
        assertThat(out).containsExactly("a10", "b10", "a20", "b20", "a40", "b40", "a50", "b50");
    }

    @Test
    void executeAndCollect_manyRecords_passThroughTheBoundedQueueWithoutLoss() throws Exception {
        List<Long> out = env.fromSequence(1, 200_000).filter(i -> i % 1000 == 0).executeAndCollect();
        assertThat(out).containsExactlyElementsOf(LongStream.rangeClosed(1, 200).map(i -> i * 1000).boxed().toList());
    }

    @Test
    void execute_fanOut_feedsEveryConsumer_andSideOutputs() throws Exception {
        OutputTag<Integer> odd = OutputTag.of("odd", Integer.class);
        SingleOutputStreamOperator<Integer> even = env.fromSequence(1, 6).process(new SplitOddEven(odd));
        CollectSinks.Buffer evenSink = CollectSinks.buffer("even");
        CollectSinks.Buffer oddSink = CollectSinks.buffer("odd");
        even.addSink(new CollectSinks.Sink<>("even"));
        even.getSideOutput(odd).addSink(new CollectSinks.Sink<>("odd"));
        env.execute("fan-out");
        assertThat(evenSink.values()).containsExactly(2, 4, 6);
        assertThat(oddSink.values()).containsExactly(1, 3, 5);
    }

    static final class SplitOddEven extends ProcessFunction<Long, Integer> {
        private final OutputTag<Integer> odd;

        SplitOddEven(OutputTag<Integer> odd) {
            this.odd = odd;
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Integer> out) {
            if (value % 2 == 0) {
                out.collect(value.intValue());
            } else {
                ctx.output(odd, value.intValue());
            }
        }
    }

    @Test
    void eventTime_watermarksSeenByAnOperator_neverPassLaterTimestamps_andEndAtMax() throws Exception {
        env.getConfig().setAutoWatermarkInterval(java.time.Duration.ofMillis(1));
        List<long[]> seen = env.fromSequence(1, 50_000)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()
                        .withTimestampAssigner((v, previous) -> v))
                .process(new TimestampAndWatermark())
                .executeAndCollect();
        assertThat(seen).hasSize(50_000);
        long previousWatermark = Long.MIN_VALUE;
        for (long[] pair : seen) {
            assertThat(pair[1]).as("watermark before element %d", pair[0]).isLessThan(pair[0])
                    .isGreaterThanOrEqualTo(previousWatermark);
            previousWatermark = pair[1];
        }
    }

    static final class TimestampAndWatermark extends ProcessFunction<Long, long[]> {
        @Override
        public void processElement(Long value, Context ctx, Collector<long[]> out) {
            out.collect(new long[] {ctx.timestamp(), ctx.timerService().currentWatermark()});
        }
    }

    @Test
    void keyedWindows_onRealThreads_emitPerKeyResults_andCountDroppedLateRecords() throws Exception {
        // timestamps 0..9999 ascending with one straggler per thousand far behind the watermark
        env.getConfig().setAutoWatermarkInterval(java.time.Duration.ZERO);
        var sums = env.fromSequence(0, 9_999)
                .map(i -> i % 1000 == 999 ? new long[] {i % 3, 1, i - 1500} : new long[] {i % 3, 1, i})
                .assignTimestampsAndWatermarks(WatermarkStrategy.<long[]>forGenerator(ctx -> new EveryElement())
                        .withTimestampAssigner((e, previous) -> e[2]))
                .keyBy(e -> e[0])
                .window(dev.tidemark.windowing.assigners.TumblingEventTimeWindows.of(java.time.Duration.ofMillis(1000)))
                .reduce((a, b) -> new long[] {a[0], a[1] + b[1], a[2]})
                .map(e -> e[0] + ":" + e[1]);
        CollectSinks.Buffer results = CollectSinks.buffer("windows");
        sums.addSink(new CollectSinks.Sink<>("windows"));
        JobClient job = env.executeAsync("windows");
        job.await();
        assertThat(results.values()).hasSize(30);
        long counted = results.values().stream().mapToLong(v -> Long.parseLong(v.toString().split(":")[1])).sum();
        String window = "Window(TumblingEventTimeWindows, EventTimeTrigger)";
        assertThat(job.metrics()).containsEntry(window + ".numLateRecordsDropped", 10L)
                .containsEntry(window + ".numRecordsIn", 10_000L)
                .containsEntry(window + ".numRecordsOut", 30L)
                .containsEntry(window + ".currentInputWatermark", Long.MAX_VALUE);
        assertThat(counted + 10).isEqualTo(10_000);
    }

    @Test
    void operatorsOfOneName_countTheirRecordsApart_andAFailureNamesWhichOneFailed() throws Exception {
        env.fromSequence(1, 10)
                .map(i -> i * 2)
                .filter(i -> i > 10)
                .map(i -> i + 1)
                .map(i -> i - 1).name("Map #2") // the program's own name is kept; the generated one moves on
                .addSink(new CollectSinks.Sink<>("named"));
        CollectSinks.buffer("named");
        JobClient job = env.executeAsync("names");
        job.await();
        assertThat(job.metrics()).containsEntry("Map.numRecordsIn", 10L)
                .containsEntry("Map #3.numRecordsIn", 5L)
                .containsEntry("Map #2.numRecordsIn", 5L);

        StreamExecutionEnvironment failing = StreamExecutionEnvironment.create();
        failing.fromSequence(1, 10).map(i -> i).map(i -> 10 / (i - 5)).addSink(new CollectSinks.Sink<>("failing"));
        CollectSinks.buffer("failing");
        JobClient failed = failing.executeAsync("failing");
        assertThatThrownBy(failed::await).hasStackTraceContaining("Map #2")
                .hasStackTraceContaining("ArithmeticException");
    }

    /** Ascending timestamps: a watermark after every element, so the run is the same on any machine. */
    static final class EveryElement implements dev.tidemark.eventtime.WatermarkGenerator<long[]> {
        private long max = Long.MIN_VALUE;

        @Override
        public void onEvent(long[] event, long timestamp, dev.tidemark.eventtime.WatermarkOutput output) {
            max = Math.max(max, timestamp);
            output.emitWatermark(new dev.tidemark.eventtime.Watermark(max - 1));
        }

        @Override
        public void onPeriodicEmit(dev.tidemark.eventtime.WatermarkOutput output) {}
    }

    /** Emits three keys, then waits (without ending the input) until cancelled. */
    static final class ThreeThenWait implements dev.tidemark.api.source.SourceFunction<String> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<String> ctx) throws InterruptedException {
            for (String key : List.of("a", "b", "c")) {
                ctx.collect(key);
            }
            java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
            while (running) {
                never.await();
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Registers a processing-time timer 20 ms ahead per key and reports its firing. */
    static final class LaterPerKey extends dev.tidemark.api.functions.KeyedProcessFunction<String, String, String> {
        static final java.util.Queue<String> FIRED = new java.util.concurrent.ConcurrentLinkedQueue<>();
        static volatile java.util.concurrent.CountDownLatch latch;

        @Override
        public void processElement(String key, Context ctx, Collector<String> out) {
            ctx.timerService().registerProcessingTimeTimer(ctx.timerService().currentProcessingTime() + 20);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            FIRED.add(ctx.getCurrentKey() + ":" + (ctx.timerService().currentProcessingTime() >= timestamp));
            latch.countDown();
        }
    }

    @Test
    void processingTimeTimers_onRealThreads_fireThroughTheMailbox_withTheirKeys() throws Exception {
        LaterPerKey.FIRED.clear();
        LaterPerKey.latch = new java.util.concurrent.CountDownLatch(3);
        env.addSource(new ThreeThenWait()).keyBy(k -> k).process(new LaterPerKey()).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("processing-time timers");
        try {
            assertThat(LaterPerKey.latch.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            job.cancel();
        }
        assertThatThrownBy(job::await)
                .isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(LaterPerKey.FIRED).containsExactlyInAnyOrder("a:true", "b:true", "c:true");
    }

    @Test
    void executeAsync_reportsStatus_andResult() throws Exception {
        env.fromElements("x").map(String::length).addSink((v, ctx) -> {});
        JobClient job = env.executeAsync("status job");
        JobExecutionResult result = job.await();
        assertThat(job.status()).isEqualTo(JobStatus.FINISHED);
        assertThat(result.jobName()).isEqualTo("status job");
        assertThat(result.netRuntime()).isPositive();
        job.cancel(); // a no-op on an ended job
        assertThat(job.status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void flinksFutures_resultOfAFinishedJob_cancellationOfARunningOne() throws Exception {
        env.fromElements("x").map(String::length).addSink((v, ctx) -> {});
        JobClient finished = env.executeAsync("futures");
        assertThat(finished.getJobExecutionResult().get(30, java.util.concurrent.TimeUnit.SECONDS).jobName())
                .isEqualTo("futures");
        assertThat(finished.getJobStatus().get()).isEqualTo(JobStatus.FINISHED);

        StreamExecutionEnvironment endless = StreamExecutionEnvironment.create();
        endless.addSource(new ThreeThenWait()).addSink((v, ctx) -> {});
        JobClient running = endless.executeAsync("cancelled by future");
        running.cancel().get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(running.getJobStatus().get()).isEqualTo(JobStatus.CANCELED);
        assertThatThrownBy(() -> running.getJobExecutionResult().get())
                .isInstanceOf(java.util.concurrent.CancellationException.class);
    }

    @Test
    void execute_twoSources_runAsTwoTasks() throws Exception {
        env.fromElements(1, 2).addSink(new CollectSinks.Sink<>("first"));
        env.fromElements(3).addSink(new CollectSinks.Sink<>("second"));
        CollectSinks.Buffer first = CollectSinks.buffer("first");
        CollectSinks.Buffer second = CollectSinks.buffer("second");
        env.execute();
        assertThat(first.values()).containsExactly(1, 2);
        assertThat(second.values()).containsExactly(3);
    }
}
