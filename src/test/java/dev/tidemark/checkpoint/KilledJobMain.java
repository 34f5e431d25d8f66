package dev.tidemark.checkpoint;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.connectors.file.FileSink;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Run in a JVM of its own by {@link KillNineTest}, which kills it with {@code kill -9}: a running sum
 * per key of 0..{@link #COUNT}-1 into the exactly-once file sink, checkpointed every 15 ms and
 * resumed from the latest checkpoint at every start. Prints {@code checkpoint <id>} when a
 * checkpoint completes, so the test can kill it between a checkpoint's completion and the sink's
 * commit.
 *
 * <p>Arguments: checkpoint directory, output directory.
 */
public final class KilledJobMain {

    static final int COUNT = 6_000;
    static final int KEYS = 7;

    /** Passes elements on; says when a checkpoint completed, before the sink behind it commits. */
    static final class Announce implements MapFunction<Long, Long>, CheckpointListener {
        @Override
        public Long map(Long n) {
            return n;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            System.out.println("checkpoint " + checkpointId);
            System.out.flush();
        }
    }

    /** The lines a failure-free run commits: "key,running sum" for every element. */
    static List<String> expected() {
        long[] sums = new long[KEYS];
        List<String> lines = new java.util.ArrayList<>();
        for (long n = 0; n < COUNT; n++) {
            int key = (int) (n % KEYS);
            sums[key] += n;
            lines.add(key + "," + sums[key]);
        }
        return lines.stream().sorted().toList();
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.enableCheckpointing(Duration.ofMillis(15), Path.of(args[0]));
        env.getCheckpointConfig().setResumeFromLatestCheckpoint(true);
        env.addSource(new CheckpointedNumbers(0, COUNT, 3, -1), "Numbers").uid("numbers")
                .map(new Announce()).uid("announce")
                .map(n -> new long[] {n % KEYS, n}).uid("pair")
                .keyBy(pair -> pair[0])
                .reduce((a, b) -> new long[] {a[0], a[1] + b[1]}).uid("sums")
                .map(pair -> pair[0] + "," + pair[1]).uid("label")
                .addSink(FileSink.lines(args[1])).uid("parts");
        env.execute("killed");
    }
}
