package dev.tidemark.runtime.task;

/** How a task tells its job what happened. Called from the task's threads. */
interface TaskListener {

    /** The task (or its source) failed; {@code operatorName} names where. */
    void taskFailed(String operatorName, Throwable cause);

    /**
     * An operator's {@code close()} failed: a failure of its own if the job is not failing already,
     * else added (and logged) as suppressed to the failure that is failing it, so it is not lost.
     */
    default void closeFailed(String operatorName, Throwable cause) {
        taskFailed(operatorName, cause);
    }

    /** Every thread of the task has ended. */
    void taskTerminated(StreamTask task);
}
