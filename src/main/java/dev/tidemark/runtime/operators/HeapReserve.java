package dev.tidemark.runtime.operators;

/**
 * Heap held back so that a job that runs out of memory still fails cleanly. The state that filled
 * the heap stays reachable until the job's threads have ended, so reporting the failure (a log line,
 * the message of the exception {@code execute()} throws, a task saying it ended) would otherwise run
 * out of memory again, and a task thread that died of it would leave its job waiting forever. The
 * first {@link OutOfMemoryError} a task sees frees the reserve; the next job to start takes it back.
 *
 * <p>Threading: any thread.
 */
public final class HeapReserve {

    private static final int BYTES = 2 << 20; // a failure's messages, logs and exceptions need far less

    private static volatile byte[] reserve = new byte[BYTES];

    private HeapReserve() {}

    /** Frees the reserve if {@code failure} is an {@link OutOfMemoryError}, before anything is allocated to report it. */
    public static void releaseOn(Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            reserve = null;
        }
    }

    /** Takes the reserve back if a failure freed it and the heap has room again. */
    public static void restore() {
        if (reserve == null) {
            try {
                reserve = new byte[BYTES];
            } catch (OutOfMemoryError stillShort) {
                // the job starts without it, as the one before it ended
            }
        }
    }

    /** Whether the reserve is held; for tests. */
    static boolean held() {
        return reserve != null;
    }
}
