package dev.tidemark.api.source;

import dev.tidemark.eventtime.Watermark;
import java.io.Serializable;

/**
 * A source of elements. {@link #run} emits through its {@link SourceContext} and returns when a
 * bounded source is done; an unbounded source runs until {@link #cancel()} is called.
 *
 * <p>Threading: {@code run} runs on a source thread of its own; {@code cancel} is called from
 * another thread, so the flag it sets must be {@code volatile}. After {@code cancel} the runtime also
 * interrupts the source thread, and a further {@code collect} throws, so a loop that ignores the flag
 * still stops.
 *
 * <p>When {@code run} returns normally the source is finished: by default the runtime then sends the
 * final {@code Long.MAX_VALUE} watermark (see {@code ExecutionConfig#setEndOfInput}). If {@code run}
 * throws, the job fails with that exception as the cause.
 *
 * @param <T> the element type
 */
public interface SourceFunction<T> extends Serializable {

    /** Emits elements until done or cancelled. */
    void run(SourceContext<T> ctx) throws Exception;

    /** Asks {@link #run} to return soon; called from another thread. */
    void cancel();

    /**
     * How a source emits. Valid only on the thread running {@link #run} and only until it returns.
     *
     * @param <T> the element type
     */
    interface SourceContext<T> {

        /**
         * Emits an element without a timestamp (under ingestion time it gets the current processing
         * time). The operators chained to the source process it on this thread before this returns.
         * May block while downstream is busy (backpressure).
         *
         * @throws NullPointerException if {@code element} is null
         * @throws IllegalStateException if the source was cancelled or has finished
         * @throws RuntimeException what a chained operator threw; the job (or test driver) fails
         *     whether or not the source catches it, and every later emission throws it too
         */
        void collect(T element);

        /** Emits an element with an event timestamp in epoch milliseconds; otherwise as {@link #collect}. */
        void collectWithTimestamp(T element, long timestamp);

        /**
         * Emits a watermark: no more elements at or before its timestamp will follow. A watermark not
         * greater than the previous one has no effect. Ignored under processing and ingestion time.
         */
        void emitWatermark(Watermark mark);

        /**
         * Declares that this source will emit nothing for a while, so operators that combine several
         * inputs do not wait for its watermarks. The next element or watermark makes it active again.
         */
        void markAsTemporarilyIdle();

        /**
         * The lock a checkpoint takes while it snapshots the source and sends its barrier. A source that
         * keeps a position ({@link dev.tidemark.checkpoint.CheckpointedFunction}) must emit an element
         * and advance its position while holding it, so no checkpoint falls between the two:
         * <pre>{@code
         * synchronized (ctx.getCheckpointLock()) {
         *     ctx.collect(next);
         *     position++;
         * }
         * }</pre>
         */
        Object getCheckpointLock();
    }
}
