package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.checkpoint.CompletedCheckpoint;
import dev.tidemark.runtime.checkpoint.OperatorSnapshot;
import dev.tidemark.runtime.checkpoint.SnapshotReader;
import dev.tidemark.runtime.checkpoint.SnapshotWriter;
import dev.tidemark.runtime.graph.ChainNode;
import dev.tidemark.runtime.graph.JobEdge;
import dev.tidemark.runtime.graph.JobVertex;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.TwoInputTransformation;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.OperatorFactory;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.SourceTimeOperator;
import dev.tidemark.runtime.operators.TwoInputOperatorFactory;
import dev.tidemark.runtime.operators.TwoInputStreamOperator;
import dev.tidemark.runtime.operators.WatermarkStatus;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The operators of one parallel instance of a {@link JobVertex}, wired output to input, with their
 * network outputs. Open, end of input and close run from the head of the chain to its ends, so an
 * operator that emits while ending its input still reaches open operators; after the last
 * operator's end of input the network outputs end too.
 *
 * <p>Threading: built on any thread before the task starts; used by the task thread only (the
 * caller's thread under the test driver).
 */
public final class OperatorChain implements ChainEntry {

    /** Everything a chain needs besides its vertex. */
    public record Settings(ExecutionConfig config, TimeCharacteristic characteristic, MetricRegistry metrics,
            AlignmentGroups alignment, dev.tidemark.runtime.metrics.AccumulatorRegistry accumulators) {}

    private final List<ChainMember> members = new ArrayList<>();
    private final List<RecordWriterOutput> writers = new ArrayList<>();
    private final JobVertex vertex;
    private final int subtaskIndex;
    private final Settings settings;
    private final ProcessingTimeService timeService;
    private final Function<JobEdge, RecordWriterOutput> network;
    private final Output<Object> entry;
    private final ChainedTwoInputOperator twoInputHead;

    /**
     * Creates every operator of {@code vertex} for instance {@code subtaskIndex}.
     *
     * @param network the writer of this instance on an edge leaving the vertex
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public OperatorChain(JobVertex vertex, int subtaskIndex, Settings settings, ProcessingTimeService timeService,
            Function<JobEdge, RecordWriterOutput> network) {
        this.vertex = vertex;
        this.subtaskIndex = subtaskIndex;
        this.settings = settings;
        this.timeService = timeService;
        this.network = network;
        ChainNode head = vertex.head();
        String headName = head.name();
        if (head.transformation() instanceof TwoInputTransformation<?, ?, ?> t) {
            Output output = output(head);
            TwoInputStreamOperator op = ((TwoInputOperatorFactory) t.factory()).create(context(headName, output));
            this.twoInputHead = new ChainedTwoInputOperator(qualified(headName), head.operatorId(), op, settings.metrics());
            members.add(0, twoInputHead);
            this.entry = null;
        } else if (head.transformation() instanceof OneInputTransformation<?, ?>) {
            this.twoInputHead = null;
            this.entry = new ChainingOutput<>((ChainedOperator<Object>) chain(head));
        } else {
            this.twoInputHead = null;
            Output<Object> sourceOutput = output(head);
            TimeCharacteristic characteristic = settings.characteristic();
            if (characteristic == TimeCharacteristic.EVENT_TIME) {
                this.entry = sourceOutput;
            } else {
                String name = headName + " [" + characteristic.name().toLowerCase() + "]";
                SourceTimeOperator<Object> op = new SourceTimeOperator<>(characteristic, context(name, sourceOutput));
                ChainedOperator<Object> chained = new ChainedOperator<>(qualified(name), head.operatorId() + "/time", op, settings.metrics());
                members.add(0, chained);
                this.entry = new ChainingOutput<>(chained);
            }
        }
    }

    @Override
    public void record(int input, Object value, long timestamp) {
        if (twoInputHead != null) {
            twoInputHead.processElement(input, value, timestamp);
        } else {
            entry.collect(value, timestamp);
        }
    }

    @Override
    public void watermark(Watermark watermark) {
        if (twoInputHead != null) {
            twoInputHead.processWatermark(watermark);
        } else {
            entry.emitWatermark(watermark);
        }
    }

    @Override
    public void status(WatermarkStatus status) {
        if (twoInputHead != null) {
            twoInputHead.processWatermarkStatus(status);
        } else {
            entry.emitWatermarkStatus(status);
        }
    }

    /** The state ids of the chain's operators, each with whether the operator keeps keyed state. */
    public java.util.Map<String, Boolean> operatorIds() {
        java.util.Map<String, Boolean> ids = new java.util.HashMap<>();
        for (ChainMember member : members) {
            ids.put(member.operatorId(), member.checkpointHooks().hasKeyedState());
        }
        return ids;
    }

    /** Restores every operator's state from {@code restore}, or creates it fresh if {@code null}; before {@link #open}. */
    public void initializeState(CompletedCheckpoint restore) {
        for (ChainMember member : members) {
            SnapshotReader reader = restore == null ? SnapshotReader.fresh()
                    : restore.reader(member.operatorId(), member.name(), subtaskIndex, vertex.parallelism());
            OperatorCall.invoke(member.name(), () -> member.checkpointHooks().initializeState(reader));
        }
    }

    public void open() {
        for (ChainMember member : members) {
            member.open();
        }
    }

    /** Every operator's snapshot for checkpoint {@code checkpointId}, head first; operators without state add none. */
    public List<OperatorSnapshot> snapshotState(long checkpointId, long timestamp) {
        List<OperatorSnapshot> snapshots = new ArrayList<>();
        for (ChainMember member : members) {
            SnapshotWriter writer = new SnapshotWriter(member.operatorId(), member.name(), subtaskIndex,
                    vertex.parallelism(), checkpointId, timestamp);
            OperatorCall.invoke(member.name(), () -> member.checkpointHooks().snapshotState(writer));
            OperatorSnapshot snapshot = writer.build();
            if (snapshot != null) {
                snapshots.add(snapshot);
            }
        }
        return snapshots;
    }

    /** Sends {@code barrier} on every network output, after the chain's snapshot. */
    public void broadcastBarrier(CheckpointBarrier barrier) {
        for (RecordWriterOutput writer : writers) {
            writer.broadcastBarrier(barrier);
        }
    }

    /**
     * The keyed-state counts of this chain's operator named {@code operatorName} (without the
     * "(i/n)" of a parallel instance), or {@code null} if it has no such operator with keyed state.
     */
    public dev.tidemark.runtime.operators.KeyedStateCounts keyedStateCounts(String operatorName) {
        for (ChainMember member : members) {
            String name = member.name();
            if (name.equals(operatorName) || name.startsWith(operatorName + " (")) {
                dev.tidemark.runtime.operators.KeyedStateCounts counts = member.checkpointHooks().keyedStateCounts();
                if (counts != null) {
                    return counts;
                }
            }
        }
        return null;
    }

    /** The names of this chain's operators. */
    public List<String> operatorNames() {
        return members.stream().map(ChainMember::name).toList();
    }

    /** What the chain was built with. */
    public Settings settings() {
        return settings;
    }

    /** Tells every operator that {@code checkpointId} completed. */
    public void notifyCheckpointComplete(long checkpointId) {
        for (ChainMember member : members) {
            OperatorCall.invoke(member.name(), () -> member.checkpointHooks().notifyCheckpointComplete(checkpointId));
        }
    }

    /** Ends every operator's input, head first, then every network output. */
    @Override
    public void endInput() {
        for (ChainMember member : members) {
            member.endInput();
        }
        for (RecordWriterOutput writer : writers) {
            writer.endInput();
        }
    }

    /**
     * Closes every operator, also after a failure.
     *
     * @return the first exception a close threw, others suppressed into it, or {@code null}
     */
    public RuntimeException closeAll() {
        RuntimeException first = null;
        for (ChainMember member : members) {
            try {
                member.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        return first;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Output output(ChainNode node) {
        List<Output> main = targets(node.chainedMain(), node.networkMain());
        Map<OutputTag<?>, Output<?>[]> side = new HashMap<>();
        for (OutputTag<?> tag : sideTags(node)) {
            List<Output> targets = targets(node.chainedSide().getOrDefault(tag, List.of()),
                    node.networkSide().getOrDefault(tag, List.of()));
            side.put(tag, targets.toArray(new Output[0]));
        }
        String emitter = qualified(node.name());
        return new ChainedOutput<>(emitter, main.toArray(new Output[0]), side,
                settings.metrics().counter(emitter, MetricRegistry.RECORDS_OUT));
    }

    private static List<OutputTag<?>> sideTags(ChainNode node) {
        List<OutputTag<?>> tags = new ArrayList<>(node.chainedSide().keySet());
        for (OutputTag<?> tag : node.networkSide().keySet()) {
            if (!tags.contains(tag)) {
                tags.add(tag);
            }
        }
        return tags;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private List<Output> targets(List<ChainNode> chained, List<JobEdge> edges) {
        List<Output> targets = new ArrayList<>();
        for (ChainNode node : chained) {
            targets.add(new ChainingOutput<>(chain(node)));
        }
        for (JobEdge edge : edges) {
            RecordWriterOutput writer = network.apply(edge);
            writers.add(writer);
            targets.add(writer);
        }
        return targets;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private ChainedOperator<?> chain(ChainNode node) {
        int slot = members.size();
        members.add(null); // reserve the head-first position before building the consumers
        OneInputTransformation<?, ?> t = (OneInputTransformation<?, ?>) node.transformation();
        Output output = output(node);
        OperatorFactory factory = t.factory();
        ChainedOperator<?> chained = new ChainedOperator<>(qualified(node.name()), node.operatorId(),
                factory.create(context(node.name(), output)),
                settings.metrics());
        members.set(slot, chained);
        return chained;
    }

    private <T> OperatorContext<T> context(String name, Output<T> output) {
        String qualified = qualified(name);
        return new OperatorContext<>(qualified, output, new OperatorTimeService(timeService, qualified),
                settings.config(), subtaskIndex, vertex.parallelism(), settings.metrics(), settings.accumulators());
    }

    /** The operator's name in errors and metrics: with "(i/n)" when it runs in parallel. */
    public String qualifiedName(String name) {
        return qualified(name);
    }

    private String qualified(String name) {
        return vertex.parallelism() == 1 ? name : name + " (" + (subtaskIndex + 1) + "/" + vertex.parallelism() + ")";
    }
}
