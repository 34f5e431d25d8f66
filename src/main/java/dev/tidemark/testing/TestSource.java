package dev.tidemark.testing;

import dev.tidemark.api.DataStreamSource;
import dev.tidemark.eventtime.Watermark;
import java.util.ArrayList;
import java.util.List;

/**
 * A source whose input the test pushes, one step at a time, under a {@link TestDriver}. Each call
 * runs the whole pipeline to quiescence before it returns.
 *
 * <p>A source may have several partitions, like the partitions of a Kafka topic: each has its own
 * watermarks, idleness and end, and the source's watermark is the minimum over its active
 * partitions. With one partition, the methods of this class act on it directly.
 *
 * @param <T> the element type
 */
public final class TestSource<T> {

    private final TestDriver driver;
    private final String name;
    private final DataStreamSource<T> stream;
    private final List<Partition<T>> partitions = new ArrayList<>();

    TestSource(TestDriver driver, String name, DataStreamSource<T> stream, int partitionCount) {
        this.driver = driver;
        this.name = name;
        this.stream = stream;
        for (int i = 0; i < partitionCount; i++) {
            partitions.add(new Partition<>(driver, name, i));
        }
    }

    /** The stream to build the pipeline on. */
    public DataStreamSource<T> stream() {
        return stream;
    }

    /** The source's name. */
    public String name() {
        return name;
    }

    /** Partition {@code index}, from 0. */
    public Partition<T> partition(int index) {
        if (index < 0 || index >= partitions.size()) {
            throw new IndexOutOfBoundsException("partition must be between 0 and " + (partitions.size() - 1)
                    + ": partition=" + index + ", source=" + name);
        }
        return partitions.get(index);
    }

    List<Partition<T>> partitions() {
        return partitions;
    }

    /** Emits an element without a timestamp. */
    public TestSource<T> emit(T element) {
        single().emit(element);
        return this;
    }

    /** Emits an element with a timestamp. */
    public TestSource<T> emit(T element, long timestamp) {
        single().emit(element, timestamp);
        return this;
    }

    /** Emits a watermark. */
    public TestSource<T> emitWatermark(long timestamp) {
        single().emitWatermark(timestamp);
        return this;
    }

    /** Emits a watermark, possibly one that carries processing-time progress. */
    public TestSource<T> emitWatermark(Watermark watermark) {
        single().emitWatermark(watermark);
        return this;
    }

    /** Marks the source idle until its next element or watermark. */
    public TestSource<T> markIdle() {
        single().markIdle();
        return this;
    }

    /** Ends the input, as the job's {@code EndOfInput} setting says. */
    public void finish() {
        single().finish();
    }

    private Partition<T> single() {
        if (partitions.size() != 1) {
            throw new IllegalStateException("source has " + partitions.size() + " partitions: source=" + name
                    + "; use partition(i) to say which one");
        }
        return partitions.get(0);
    }

    /**
     * One partition of a test source.
     *
     * @param <T> the element type
     */
    public static final class Partition<T> {
        private final TestDriver driver;
        private final String sourceName;
        private final int index;
        private long clockAheadMillis;

        Partition(TestDriver driver, String sourceName, int index) {
            this.driver = driver;
            this.sourceName = sourceName;
            this.index = index;
        }

        public Partition<T> emit(T element) {
            driver.step(this, ctx -> ctx.collect(element));
            return this;
        }

        public Partition<T> emit(T element, long timestamp) {
            driver.step(this, ctx -> ctx.collectWithTimestamp(element, timestamp));
            return this;
        }

        public Partition<T> emitWatermark(long timestamp) {
            return emitWatermark(new Watermark(timestamp));
        }

        public Partition<T> emitWatermark(Watermark watermark) {
            driver.step(this, ctx -> ctx.emitWatermark(watermark));
            return this;
        }

        public Partition<T> markIdle() {
            driver.step(this, ctx -> ctx.markAsTemporarilyIdle());
            return this;
        }

        public void finish() {
            driver.finish(this);
        }

        /**
         * Whether watermark alignment pauses this partition now (its watermark runs too far ahead of
         * its group). The driver does not hold back a paused partition's input; a test asserts on this.
         */
        public boolean isPaused() {
            return driver.isPaused(this);
        }

        /**
         * Moves this partition's own processing-time clock {@code ahead} of the driver's (further
         * each call), as a partition read on another machine may run ahead: its watermark generator
         * sees the driver's time plus that, so its idleness timeout runs out sooner than the other
         * partitions'. Periodic emission still follows the driver's clock
         * ({@link TestDriver#advanceProcessingTime}); other partitions are not affected.
         *
         * @throws IllegalArgumentException if {@code ahead} is negative
         */
        public Partition<T> advanceClock(java.time.Duration ahead) {
            clockAheadMillis = Math.addExact(clockAheadMillis,
                    dev.tidemark.eventtime.Durations.nonNegativeMillis(ahead, "ahead"));
            return this;
        }

        /** How far this partition's clock runs ahead of the driver's. */
        long clockAheadMillis() {
            return clockAheadMillis;
        }

        int index() {
            return index;
        }

        @Override
        public String toString() {
            return sourceName + "[" + index + "]";
        }
    }
}
