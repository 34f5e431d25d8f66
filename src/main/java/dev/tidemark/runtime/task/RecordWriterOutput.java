package dev.tidemark.runtime.task;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.graph.Partitioner;
import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.WatermarkStatus;
import dev.tidemark.runtime.state.KeyGroups;
import java.util.SplittableRandom;

/**
 * One producer instance's side of a network edge: picks the channel of each record as the
 * partitioner says and writes it; watermarks, status and end of input go to every channel.
 *
 * <p>Threading: the producing task's thread only.
 */
final class RecordWriterOutput implements Output<Object> {

    private final ChannelWriter[] channels;
    private final Partitioner partitioner;
    private final KeySelector<Object, Object> keySelector;
    private final LongKeySelector<Object> longKeySelector; // the key selector when it gives longs: no boxing
    private final int maxParallelism;
    private final String edgeName;
    private final SplittableRandom random;
    private int next;

    /**
     * @param channels the channels this producer writes to; for hash, rebalance, shuffle and
     *     broadcast one per consumer instance, in instance order
     */
    @SuppressWarnings("unchecked")
    RecordWriterOutput(ChannelWriter[] channels, Partitioner partitioner, int producerIndex, int maxParallelism,
            String edgeName) {
        this.channels = channels;
        this.partitioner = partitioner;
        this.keySelector = partitioner instanceof Partitioner.Hash hash
                ? (KeySelector<Object, Object>) hash.keySelector().copy() : null;
        this.longKeySelector = (Object) keySelector instanceof LongKeySelector<?> longs ? (LongKeySelector<Object>) longs : null;
        this.maxParallelism = maxParallelism;
        this.edgeName = edgeName;
        this.random = new SplittableRandom(producerIndex);
        this.next = producerIndex % channels.length;
    }

    @Override
    public void collect(Object value, long timestamp) {
        if (partitioner instanceof Partitioner.Broadcast) {
            for (ChannelWriter channel : channels) {
                channel.writeRecord(value, timestamp);
            }
            return;
        }
        channels[select(value)].writeRecord(value, timestamp);
    }

    private int select(Object value) {
        if (longKeySelector != null) {
            try {
                return KeyGroups.operatorIndexForKeyGroup(maxParallelism, channels.length,
                        KeyGroups.assignToKeyGroup(longKeySelector.getLongKey(value), maxParallelism));
            } catch (Exception | Error e) {
                throw OperatorException.tag("KeyBy " + edgeName, e);
            }
        }
        if (keySelector != null) {
            Object key;
            int keyGroup;
            try {
                key = keySelector.getKey(value);
                if (key == null) {
                    throw new NullPointerException("key must not be null: edge=" + edgeName
                            + "; the KeySelector returned null");
                }
                keyGroup = KeyGroups.assignToKeyGroup(key, maxParallelism);
            } catch (Exception | Error e) {
                throw OperatorException.tag("KeyBy " + edgeName, e);
            }
            return KeyGroups.operatorIndexForKeyGroup(maxParallelism, channels.length, keyGroup);
        }
        if (partitioner instanceof Partitioner.Shuffle) {
            return random.nextInt(channels.length);
        }
        int selected = next;
        next = next + 1 == channels.length ? 0 : next + 1;
        return selected;
    }

    @Override
    public <X> void collect(OutputTag<X> tag, X value, long timestamp) {
        throw new UnsupportedOperationException("side outputs are routed by the emitting operator's output");
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        for (ChannelWriter channel : channels) {
            channel.writeWatermark(watermark);
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        for (ChannelWriter channel : channels) {
            channel.writeStatus(status);
        }
    }

    /** Sends a checkpoint barrier on every channel. */
    void broadcastBarrier(CheckpointBarrier barrier) {
        for (ChannelWriter channel : channels) {
            channel.writeBarrier(barrier);
        }
    }

    /** Ends every channel: the producer's input has ended. */
    void endInput() {
        for (ChannelWriter channel : channels) {
            channel.writeEnd();
        }
    }
}
