package dev.tidemark.benchmarks;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Aggregations;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.SlidingEventTimeWindows;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Heap that W2's window state holds per key, as the untuned job keeps it (or, with {@code tuned}, the
 * tuned one, {@code Aggregations.count()}, on panes below 20 windows): {@code keys} keys with one
 * event each, all in the same {@code windowsPerEvent} windows, which no watermark fires; the heap in
 * use after a full collection, less the heap before the job, per key. The window state of a job with
 * many keys is this times the keys; the JMH runs, with 10,000 keys, cannot show it. Compare two
 * builds by putting one's classes first on the class path.
 *
 * <p>{@code java -cp target/benchmarks.jar dev.tidemark.benchmarks.StatePerKey [keys] [windowsPerEvent] [tuned]}
 */
public final class StatePerKey {

    private static final CountDownLatch EMITTED = new CountDownLatch(1);
    private static final CountDownLatch MEASURED = new CountDownLatch(1);

    private StatePerKey() {}

    /** One event per key, then holds the job open (without a watermark) until the heap is measured. */
    static final class OneEventPerKey implements SourceFunction<Event> {
        private static final long serialVersionUID = 1L;
        private final int keys;

        OneEventPerKey(int keys) {
            this.keys = keys;
        }

        @Override
        public void run(SourceContext<Event> ctx) throws InterruptedException {
            for (int key = 0; key < keys; key++) {
                long timestamp = 500 + key % 100;
                ctx.collectWithTimestamp(new Event(key, 1, timestamp), timestamp);
            }
            // The chain runs on this thread: every element is in the windows once the last collect returned.
            EMITTED.countDown();
            MEASURED.await();
        }

        @Override
        public void cancel() {
            MEASURED.countDown();
        }
    }

    public static void main(String[] args) throws Exception {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        int windows = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        boolean tuned = args.length > 2 && args[2].equals("tuned");
        long before = heapInUse();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.addSource(new OneEventPerKey(keys)).assignTimestampsAndWatermarks(WatermarkStrategy.<Event>noWatermarks())
                .keyBy(Event::key)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(SlidingWindowJobs.size(windows)),
                        Duration.ofMillis(SlidingWindowJobs.SLIDE)))
                .aggregate(tuned ? Aggregations.<Event>count() : new SlidingWindowJobs.PerWindowCount(),
                        new TumblingWindowJobs.Hash())
                .addSink(new ResultSink());
        JobClient job = env.executeAsync("state per key");
        EMITTED.await();
        long held = heapInUse() - before;
        MEASURED.countDown();
        job.await();
        System.out.printf(Locale.ROOT, "%d keys, %d windows per event%s: %.0f B per key (%.1f B per key and window)%n",
                keys, windows, tuned ? ", tuned" : "", held / (double) keys, held / (double) keys / windows);
    }

    private static long heapInUse() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc(); // several: a collection may leave what the one before freed for the next
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
