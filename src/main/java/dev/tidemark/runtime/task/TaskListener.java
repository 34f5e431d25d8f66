package dev.tidemark.runtime.task;

/** How a task tells its job what happened. Called from the task's threads. */
interface TaskListener {

    /** The task (or its source) failed; {@code operatorName} names where. */
    void taskFailed(String operatorName, Throwable cause);

    /** Every thread of the task has ended. */
    void taskTerminated(StreamTask task);
}
