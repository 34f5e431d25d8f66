package dev.tidemark.runtime.flink;

import dev.tidemark.api.source.SourceFunction;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.TreeSet;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * A Tidemark {@link SourceFunction} as a Flink split source (the {@code Source} API, which Flink
 * 2.x kept when it removed {@code SourceFunction}): one split per parallel instance, whose reader
 * runs the function on a thread of its own and hands its records, watermarks and idleness to Flink
 * through a bounded queue. A slow job holds the function back at the queue, as Tidemark's own
 * sources are held back.
 *
 * <p>A checkpointed function ({@code CheckpointedFunction}, as the sequence and collection sources
 * are) keeps its position in its split, with what it had emitted that Flink had not yet taken
 * ({@link SourceState}): restored, it goes on exactly where the checkpoint left it. Any other
 * function has no position to replay from, and a restored instance that had not finished runs
 * again from its start.
 */
final class PushSource<T> implements Source<T, PushSource.Split, TreeSet<Integer>>, ResultTypeQueryable<T> {

    private static final long serialVersionUID = 1L;

    private final SourceFunction<T> function;
    private final String name;
    private final TypeInformation<T> type;

    PushSource(SourceFunction<T> function, String name, TypeInformation<T> type) {
        this.function = function;
        this.name = name;
        this.type = type;
    }

    /**
     * Instance {@code index} of {@code count}.
     *
     * @param state the instance's {@link SourceState} at a checkpoint, or {@code null} before one
     */
    record Split(int index, int count, byte[] state) implements SourceSplit {
        @Override
        public String splitId() {
            return Integer.toString(index);
        }
    }

    @Override
    public Boundedness getBoundedness() {
        return Boundedness.CONTINUOUS_UNBOUNDED; // a function may end, but nothing says it will
    }

    @Override
    public SourceReader<T, Split> createReader(SourceReaderContext context) {
        return new PushReader<>(function, name);
    }

    @Override
    public SplitEnumerator<Split, TreeSet<Integer>> createEnumerator(SplitEnumeratorContext<Split> context) {
        TreeSet<Integer> all = new TreeSet<>();
        for (int i = 0; i < context.currentParallelism(); i++) {
            all.add(i);
        }
        return new Enumerator(context, all);
    }

    @Override
    public SplitEnumerator<Split, TreeSet<Integer>> restoreEnumerator(SplitEnumeratorContext<Split> context,
            TreeSet<Integer> pending) {
        return new Enumerator(context, pending);
    }

    @Override
    public SimpleVersionedSerializer<Split> getSplitSerializer() {
        return new SplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<TreeSet<Integer>> getEnumeratorCheckpointSerializer() {
        return new Ints<>(set -> set.stream().mapToInt(Integer::intValue).toArray(), ints -> {
            TreeSet<Integer> set = new TreeSet<>();
            for (int i : ints) {
                set.add(i);
            }
            return set;
        });
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return type;
    }

    /** Gives instance i split i once it registers, or says there is none left for it. */
    private static final class Enumerator implements SplitEnumerator<Split, TreeSet<Integer>> {
        private final SplitEnumeratorContext<Split> context;
        private final TreeSet<Integer> pending; // splits not handed out, or handed back by a failed reader

        Enumerator(SplitEnumeratorContext<Split> context, TreeSet<Integer> pending) {
            this.context = context;
            this.pending = new TreeSet<>(pending);
        }

        @Override
        public void start() {}

        @Override
        public void handleSplitRequest(int subtask, String hostname) {}

        @Override
        public void addSplitsBack(List<Split> splits, int subtask) {
            splits.forEach(split -> pending.add(split.index()));
            if (context.registeredReaders().containsKey(subtask)) {
                addReader(subtask);
            }
        }

        /**
         * A reader with its split ends when its function does, so only a reader without one hears
         * that no more will come. An event sent later than the split could reach a task that has
         * already failed, and Flink may then fail the job for the lost event before it hears of the
         * task's own failure, which would hide the user's exception.
         */
        @Override
        public void addReader(int subtask) {
            if (pending.remove(subtask)) {
                context.assignSplit(new Split(subtask, context.currentParallelism(), null), subtask);
            } else {
                context.signalNoMoreSplits(subtask);
            }
        }

        @Override
        public TreeSet<Integer> snapshotState(long checkpointId) {
            return new TreeSet<>(pending);
        }

        @Override
        public void close() {}
    }

    /** A split: its index and count, then its state's length (-1 for none) and bytes. */
    private static final class SplitSerializer implements SimpleVersionedSerializer<Split> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(Split split) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(split.index());
                out.writeInt(split.count());
                out.writeInt(split.state() == null ? -1 : split.state().length);
                if (split.state() != null) {
                    out.write(split.state());
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public Split deserialize(int version, byte[] serialized) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
                int index = in.readInt();
                int count = in.readInt();
                int length = in.readInt();
                byte[] state = null;
                if (length >= 0) {
                    state = new byte[length];
                    in.readFully(state);
                }
                return new Split(index, count, state);
            }
        }
    }

    /** The enumerator's state, as a few ints. */
    private static final class Ints<V> implements SimpleVersionedSerializer<V> {
        private final java.util.function.Function<V, int[]> write;
        private final java.util.function.Function<int[], V> read;

        Ints(java.util.function.Function<V, int[]> write, java.util.function.Function<int[], V> read) {
            this.write = write;
            this.read = read;
        }

        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(V value) throws IOException {
            int[] ints = write.apply(value);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(ints.length);
                for (int i : ints) {
                    out.writeInt(i);
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public V deserialize(int version, byte[] serialized) throws IOException {
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
                int[] ints = new int[in.readInt()];
                for (int i = 0; i < ints.length; i++) {
                    ints[i] = in.readInt();
                }
                return read.apply(ints);
            }
        }
    }
}
