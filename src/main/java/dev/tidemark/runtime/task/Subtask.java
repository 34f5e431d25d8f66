package dev.tidemark.runtime.task;

import dev.tidemark.api.EndOfInput;
import dev.tidemark.runtime.graph.JobVertex;
import java.util.ArrayList;
import java.util.List;

/**
 * One parallel instance of a vertex, wired: its chain, the processor of its input channels, and
 * (for a source vertex) the channels its source writes to.
 *
 * <p>Threading: built by {@link JobWiring}; then owned by one task thread (or the driver's thread).
 */
public final class Subtask {

    private final JobVertex vertex;
    private final int index;
    private final List<ChannelWriter> sourceChannels = new ArrayList<>();
    private OperatorChain chain;
    private InputProcessor input;
    private SplitWatermarks<?> splitWatermarks;
    private SplitPauses pauses;

    Subtask(JobVertex vertex, int index) {
        this.vertex = vertex;
        this.index = index;
    }

    public JobVertex vertex() {
        return vertex;
    }

    public int index() {
        return index;
    }

    public OperatorChain chain() {
        return chain;
    }

    public InputProcessor input() {
        return input;
    }

    /** What consumes the input channels: the per-split watermarks of a source, else the input processor. */
    public ChannelConsumer channelConsumer() {
        return splitWatermarks != null ? splitWatermarks : input;
    }

    /** For a source vertex: where its source (or each partition of a test source) writes. */
    public List<ChannelWriter> sourceChannels() {
        return sourceChannels;
    }

    /** A name for threads and logs: the vertex name and "(i/n)". */
    public String displayName() {
        return vertex.name() + " (" + (index + 1) + "/" + vertex.parallelism() + ")";
    }

    /**
     * What checkpoints know this subtask by: unique within the job, which {@link #displayName} is not
     * (two sources added without a name share one).
     */
    public String participantId() {
        return "vertex " + vertex.id() + ": " + displayName();
    }

    void wire(OperatorChain chain, InputProcessor input, SplitWatermarks<?> splitWatermarks, SplitPauses pauses) {
        this.chain = chain;
        this.input = input;
        this.splitWatermarks = splitWatermarks;
        this.pauses = pauses;
    }

    /** Which source channels watermark alignment pauses. */
    public SplitPauses pauses() {
        return pauses;
    }

    /**
     * Starts input processing after the chain was opened: per-split periodic watermarks, and the end
     * of input at once for an instance with no input channels.
     */
    public void start(EndOfInput endOfInput) {
        if (splitWatermarks != null) {
            splitWatermarks.start();
        }
        input.start(endOfInput);
    }
}
