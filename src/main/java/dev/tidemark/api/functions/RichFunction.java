package dev.tidemark.api.functions;

/**
 * Lifecycle hooks for a user function: implement this next to {@link MapFunction},
 * {@code SinkFunction} and the other function interfaces.
 *
 * <p>Lifecycle: {@link #open} is called once per parallel instance on the task's thread before the
 * first element, {@link #close} once after the last one, also when the job fails or is cancelled.
 */
public interface RichFunction {

    /** Called before the first element; an exception fails the job. */
    default void open(RuntimeContext context) throws Exception {}

    /** Called after the last element, also on failure and cancellation. */
    default void close() throws Exception {}
}
