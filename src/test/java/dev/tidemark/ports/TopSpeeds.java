package dev.tidemark.ports;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.source.SourceFunction;
import dev.tidemark.api.tuple.Tuple4;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.windowing.assigners.GlobalWindows;
import dev.tidemark.windowing.delta.DeltaFunction;
import dev.tidemark.windowing.evictors.TimeEvictor;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.triggers.DeltaTrigger;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Per car, the top speed of its last 10 seconds, reported each time the car has driven another 50
 * metres: a global window per key, fired by a delta trigger on the distance and trimmed by a time
 * evictor, then {@code maxBy} the speed. Cars report (car, speed km/h, distance m, time) each
 * second, speeding up or slowing down at random (seeded, so every run drives the same).
 */
public class TopSpeeds {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<Tuple4<Integer, Integer, Double, Long>> cars = env.addSource(new Cars(2, 30))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple4<Integer, Integer, Double, Long>>forMonotonousTimestamps()
                        .withTimestampAssigner((report, previous) -> report.f3));

        cars.keyBy(report -> report.f0)
                .window(GlobalWindows.create())
                .evictor(TimeEvictor.of(Time.of(10, TimeUnit.SECONDS)))
                .trigger(DeltaTrigger.of(50.0,
                        new DeltaFunction<Tuple4<Integer, Integer, Double, Long>>() {
                            @Override
                            public double getDelta(Tuple4<Integer, Integer, Double, Long> before,
                                    Tuple4<Integer, Integer, Double, Long> now) {
                                return now.f2 - before.f2;
                            }
                        },
                        cars.getType().createSerializer(env.getConfig().getSerializerConfig())))
                .maxBy(1)
                .print();
        env.execute("Top speeds");
    }

    /** {@code cars} cars, each reporting once a second for {@code seconds} seconds of event time. */
    public static class Cars implements SourceFunction<Tuple4<Integer, Integer, Double, Long>> {

        private final int[] speeds;
        private final double[] distances;
        private final int seconds;
        private final Random random = new Random(7);
        private volatile boolean running = true;

        public Cars(int cars, int seconds) {
            this.speeds = new int[cars];
            this.distances = new double[cars];
            this.seconds = seconds;
            java.util.Arrays.fill(speeds, 50);
        }

        @Override
        public void run(SourceContext<Tuple4<Integer, Integer, Double, Long>> ctx) {
            for (int second = 1; running && second <= seconds; second++) {
                for (int car = 0; car < speeds.length; car++) {
                    speeds[car] = random.nextBoolean() ? Math.min(100, speeds[car] + 5) : Math.max(0, speeds[car] - 5);
                    distances[car] += speeds[car] / 3.6;
                    ctx.collect(Tuple4.of(car, speeds[car], Math.round(distances[car] * 10) / 10.0, second * 1_000L));
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
