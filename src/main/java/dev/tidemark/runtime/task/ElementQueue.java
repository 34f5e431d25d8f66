package dev.tidemark.runtime.task;

import dev.tidemark.api.TidemarkException;
import dev.tidemark.eventtime.Watermark;
import dev.tidemark.runtime.checkpoint.CheckpointBarrier;
import dev.tidemark.runtime.metrics.Counter;
import dev.tidemark.runtime.operators.WatermarkStatus;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * A bounded single-producer, single-consumer ring of stream elements, from a source thread to its
 * task thread. Records travel by reference in parallel arrays (kind, value, timestamp), so nothing is
 * allocated per record; each write publishes with a volatile store, so no record waits in a
 * half-filled batch.
 *
 * <p>A full ring blocks the producer (backpressure) until it is half empty again; nothing is dropped.
 * Waiting for half, not for one slot, keeps a producer that is faster than its task from parking and
 * being woken once per drained batch: a park and an unpark cost more than the batch. Both sides park with a
 * bounded timeout when they cannot progress, so a wake-up lost to a race costs at most
 * {@link #MAX_PARK_NANOS}, never a hang. {@link #close()} releases a blocked producer, whose write
 * then throws.
 *
 * <p>Threading: {@link ChannelWriter} methods on the one producer thread; {@link #drain} and
 * {@link #isEmpty} on the one consumer thread; {@link #close} on any thread.
 */
final class ElementQueue implements ChannelWriter {

    static final long MAX_PARK_NANOS = 1_000_000L;

    /** The producer's metric: nanoseconds spent waiting for space (backpressure). */
    static final String BACK_PRESSURED_NANOS = "backPressuredTimeNanos";

    private static final byte RECORD = 0;
    private static final byte WATERMARK = 1;
    private static final byte STATUS = 2;
    private static final byte END = 3;
    private static final byte BARRIER = 4;

    // head and tail live in one array, two cache-line pairs apart (128 bytes, as adjacent-line
    // prefetchers fetch pairs): the consumer's writes to head must not take the producer's tail away
    private static final VarHandle POSITION = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int HEAD = 8;
    private static final int TAIL = 24;


    private final int channel;
    private final int mask;
    private final byte[] kinds;
    private final Object[] values;
    private final long[] timestamps;

    // [HEAD]: written by the consumer (release), read by the producer (acquire);
    // [TAIL]: written by the producer (release), read by the consumer (acquire)
    private final long[] positions = new long[TAIL + HEAD + 1];
    private long headCache; // producer-only, written when the ring looks full

    private final Wakeup consumer;
    private final Counter backPressuredNanos; // written by the producer only
    private volatile Thread producer; // written by the producer at its first blocking wait
    private volatile boolean producerParked; // written by the producer, read by the consumer
    private volatile boolean closed; // written by any thread that stops the task, read by the producer

    /**
     * @param channel the channel index reported to the consumer
     * @param capacity a power of two
     * @param consumer wakes the consuming task thread
     * @param backPressuredNanos the producer's counter of time blocked on a full ring
     */
    ElementQueue(int channel, int capacity, Wakeup consumer, Counter backPressuredNanos) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: capacity=" + capacity);
        }
        this.channel = channel;
        this.consumer = consumer;
        this.backPressuredNanos = backPressuredNanos;
        this.mask = capacity - 1;
        this.kinds = new byte[capacity];
        this.values = new Object[capacity];
        this.timestamps = new long[capacity];
    }

    @Override
    public void writeRecord(Object value, long timestamp) {
        write(RECORD, value, timestamp);
    }

    @Override
    public void writeWatermark(Watermark watermark) {
        write(WATERMARK, watermark, 0);
    }

    @Override
    public void writeStatus(WatermarkStatus status) {
        write(STATUS, status, 0);
    }

    @Override
    public void writeBarrier(CheckpointBarrier barrier) {
        write(BARRIER, barrier, 0);
    }

    @Override
    public void writeEnd() {
        write(END, null, 0);
    }

    private void write(byte kind, Object value, long timestamp) {
        long t = positions[TAIL]; // the producer's own write: a plain read
        if (t - headCache > mask) {
            awaitSpace(t);
        }
        int index = (int) t & mask;
        kinds[index] = kind;
        values[index] = value;
        timestamps[index] = timestamp;
        POSITION.setRelease(positions, TAIL, t + 1);
        consumer.wake();
    }

    private void awaitSpace(long t) {
        producer = Thread.currentThread();
        long start = System.nanoTime();
        boolean interrupted = false;
        long resumeAt = (mask + 1) >>> 1;
        while (t - (headCache = (long) POSITION.getAcquire(positions, HEAD)) > resumeAt) {
            if (closed) {
                throw new TidemarkException("channel closed: the task stopped while its source was emitting");
            }
            producerParked = true;
            if (t - (long) POSITION.getAcquire(positions, HEAD) > resumeAt && !closed) {
                LockSupport.parkNanos(this, MAX_PARK_NANOS);
            }
            producerParked = false;
            interrupted |= Thread.interrupted();
        }
        backPressuredNanos.add(System.nanoTime() - start);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Hands up to {@code limit} elements to {@code target}, in order, stopping after a checkpoint
     * barrier (the consumer decides when to drain this channel again).
     *
     * @return how many elements were handed over
     */
    int drain(ChannelConsumer target, int limit) throws Exception {
        long h = positions[HEAD];
        long available = (long) POSITION.getAcquire(positions, TAIL) - h;
        int n = (int) Math.min(available, limit);
        for (int i = 0; i < n; i++) {
            int index = (int) (h + i) & mask;
            Object value = values[index];
            values[index] = null;
            byte kind = kinds[index]; // read before releasing the slot to the producer
            switch (kind) {
                case RECORD -> target.onRecord(channel, value, timestamps[index]);
                case WATERMARK -> target.onWatermark(channel, (Watermark) value);
                case STATUS -> target.onStatus(channel, (WatermarkStatus) value);
                case BARRIER -> target.onBarrier(channel, (CheckpointBarrier) value);
                default -> target.onEnd(channel);
            }
            if (kind == BARRIER) {
                n = i + 1;
                break;
            }
        }
        POSITION.setRelease(positions, HEAD, h + n); // once per batch: each write takes the line from the producer
        VarHandle.fullFence(); // the producer sets 'producerParked' then rechecks the head: no lost wake-up
        if (n > 0 && producerParked && (long) POSITION.getAcquire(positions, TAIL) - (h + n) <= (mask + 1) >>> 1) {
            LockSupport.unpark(producer);
        }
        return n;
    }

    boolean isEmpty() {
        return (long) POSITION.getAcquire(positions, TAIL) == positions[HEAD];
    }

    /** Releases a producer blocked on a full ring; its writes throw from now on. */
    void close() {
        closed = true;
        Thread p = producer;
        if (p != null) {
            LockSupport.unpark(p);
        }
    }
}
