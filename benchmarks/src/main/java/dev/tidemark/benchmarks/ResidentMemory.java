package dev.tidemark.benchmarks;

import com.hazelcast.core.HazelcastInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Peak resident memory of one engine on one workload, in a JVM of its own with default flags (no
 * fixed heap, so the heap grows only as far as the job needs): runs the job {@code runs} times,
 * reads the process's peak resident set ({@code VmHWM}), and only then computes the loop's result
 * (whose maps would otherwise set the peak) and checks each run against it. JMH's forks fix the heap at 2 GB, which they touch
 * whatever the job keeps, so they cannot show this. One engine per JVM; {@code benchmarks/README.md}
 * has the loop that runs them all.
 *
 * <p>{@code java -cp target/benchmarks.jar dev.tidemark.benchmarks.ResidentMemory <tumbling|sliding|sessions>
 * <tidemark|tuned|jet|flink|loop> <eventsPerMilli> [runs] [windowsPerEvent]}
 */
public final class ResidentMemory {

    private static final long EVENTS = 10_000_000;

    private ResidentMemory() {}

    public static void main(String[] args) throws Exception {
        String workload = args[0];
        String engine = args[1];
        long eventsPerMilli = Long.parseLong(args[2]);
        int runs = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        int windows = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        if (!List.of("tumbling", "sliding", "sessions").contains(workload)) {
            throw new IllegalArgumentException("unknown workload: " + workload);
        }
        long before = peakKilobytes("VmRSS");
        List<Result> results = new ArrayList<>();
        HazelcastInstance jet = engine.equals("jet") ? JetJobs.startMember() : null;
        try {
            for (int run = 0; run < runs; run++) {
                results.add(switch (engine) {
                    case "tidemark" -> switch (workload) {
                        case "sliding" -> SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1, false, windows);
                        case "sessions" -> SessionWindowJobs.tidemark(EVENTS, eventsPerMilli, 1);
                        default -> TumblingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1);
                    };
                    case "tuned" -> switch (workload) {
                        case "sliding" -> SlidingWindowJobs.tidemark(EVENTS, eventsPerMilli, 1, true, windows);
                        case "sessions" -> SessionWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 1);
                        default -> TumblingWindowJobs.tidemarkLongKeys(EVENTS, eventsPerMilli, 1);
                    };
                    case "jet" -> switch (workload) {
                        case "sliding" -> JetJobs.sliding(jet, EVENTS, eventsPerMilli, 1, windows);
                        case "sessions" -> JetJobs.sessions(jet, EVENTS, eventsPerMilli, 1);
                        default -> JetJobs.tumbling(jet, EVENTS, eventsPerMilli, 1);
                    };
                    case "flink" -> switch (workload) {
                        case "sliding" -> FlinkJobs.sliding(EVENTS, eventsPerMilli, 1, windows);
                        case "sessions" -> FlinkJobs.sessions(EVENTS, eventsPerMilli, 1);
                        default -> FlinkJobs.tumbling(EVENTS, eventsPerMilli, 1);
                    };
                    case "loop" -> expected(workload, eventsPerMilli, windows);
                    default -> throw new IllegalArgumentException("unknown engine: " + engine);
                });
            }
        } finally {
            if (jet != null) {
                jet.shutdown();
            }
        }
        long peak = peakKilobytes("VmHWM");
        Result expected = expected(workload, eventsPerMilli, windows);
        results.forEach(result -> result.requireEqualTo(expected));
        System.out.printf(Locale.ROOT, "%s %s R=%d%s: peak resident %d MB (the JVM before the first job: %d MB)%n",
                workload, engine, eventsPerMilli, workload.equals("sliding") ? " windows=" + windows : "", peak / 1024,
                before / 1024);
        System.exit(0); // Flink's and Jet's threads would keep the JVM
    }

    private static Result expected(String workload, long eventsPerMilli, int windows) {
        return switch (workload) {
            case "sliding" -> SlidingWindowJobs.baseline(EVENTS, eventsPerMilli, windows);
            case "sessions" -> SessionWindowJobs.baseline(EVENTS, eventsPerMilli);
            default -> TumblingWindowJobs.baseline(EVENTS, eventsPerMilli);
        };
    }

    /** A size in kB from {@code /proc/self/status} (Linux). */
    private static long peakKilobytes(String field) throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.replaceAll("\\D", ""));
            }
        }
        throw new IllegalStateException(field + " not in /proc/self/status");
    }
}
