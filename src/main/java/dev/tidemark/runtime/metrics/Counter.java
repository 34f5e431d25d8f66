package dev.tidemark.runtime.metrics;

/**
 * A count written by one thread (the owning task's) and read by any.
 *
 * <p>Threading: {@link #inc} on the owning task's thread only; {@link #get} from any thread.
 */
public final class Counter {

    private volatile long count; // written by the owning task thread only, read by any thread

    public void inc() {
        count = count + 1; // single writer: no lost updates
    }

    public long get() {
        return count;
    }
}
