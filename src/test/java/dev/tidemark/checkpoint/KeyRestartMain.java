package dev.tidemark.checkpoint;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Run in a JVM of its own by {@link KeyRestartTest}: counts elements per key with keyed state,
 * checkpointing into a directory, optionally restored from a checkpoint of an earlier JVM, and
 * writes "key=count" lines to a file.
 *
 * <p>Arguments: key kind (enum, record, string), checkpoint directory, checkpoint to restore or
 * "-", output file, how many identity hashes to draw before the enum's.
 */
public final class KeyRestartMain {

    enum Color { RED, GREEN, BLUE }

    record Paint(Color color, int shade) implements Serializable {}

    static final Queue<String> OUT = new ConcurrentLinkedQueue<>();

    /** Counts per key in a ValueState. */
    static final class CountPerKey extends KeyedProcessFunction<Object, Object, String> {
        private transient ValueState<Long> count;

        @Override
        public void open(RuntimeContext context) {
            count = context.getState(new ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public void processElement(Object value, Context ctx, Collector<String> out) throws Exception {
            long next = count.value() == null ? 1 : count.value() + 1;
            count.update(next);
            out.collect(value + "=" + next);
        }
    }

    /** Emits the keys once per run; it keeps no position, so a restored run emits them again. */
    static final class Keys implements dev.tidemark.api.source.SourceFunction<Object> {
        private final List<Object> keys;

        Keys(List<Object> keys) {
            this.keys = keys;
        }

        @Override
        public void run(SourceContext<Object> ctx) {
            keys.forEach(ctx::collect);
        }

        @Override
        public void cancel() {}
    }

    public static void main(String[] args) throws Exception {
        String kind = args[0];
        // An enum's hashCode is drawn when first asked for, from a sequence that repeats in a program
        // that runs the same way: two programs draw differently, which this stands for.
        for (int i = 0; i < Integer.parseInt(args[4]); i++) {
            new Object().hashCode();
        }
        for (Color c : Color.values()) {
            c.hashCode();
        }
        List<Object> keys = new ArrayList<>();
        for (Color c : Color.values()) {
            keys.add(switch (kind) {
                case "enum" -> c;
                case "record" -> new Paint(c, 7);
                default -> c.name();
            });
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.enableCheckpointing(Duration.ofSeconds(60), Path.of(args[1]));
        if (!args[2].equals("-")) {
            env.getCheckpointConfig().setRestoreFrom(Path.of(args[2]));
        }
        env.addSource(new Keys(keys), "Keys").keyBy(k -> k).process(new CountPerKey()).addSink((v, ctx) -> OUT.add(v));
        env.execute("key restart " + kind);
        Files.write(Path.of(args[3]), OUT.stream().sorted().toList());
    }
}
