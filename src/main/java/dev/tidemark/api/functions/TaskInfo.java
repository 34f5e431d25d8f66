package dev.tidemark.api.functions;

/**
 * Where a parallel instance stands in its job, as Flink 2.x's {@code getRuntimeContext().getTaskInfo()}
 * gives it.
 *
 * @param taskName the operator's name
 * @param indexOfThisSubtask this instance's index, from 0
 * @param numberOfParallelSubtasks how many instances there are
 * @param maxNumberOfParallelSubtasks the job's maximum parallelism (its number of key groups)
 */
public record TaskInfo(String taskName, int indexOfThisSubtask, int numberOfParallelSubtasks,
        int maxNumberOfParallelSubtasks) {

    public String getTaskName() {
        return taskName;
    }

    public int getIndexOfThisSubtask() {
        return indexOfThisSubtask;
    }

    public int getNumberOfParallelSubtasks() {
        return numberOfParallelSubtasks;
    }

    public int getMaxNumberOfParallelSubtasks() {
        return maxNumberOfParallelSubtasks;
    }

    /** Always 0: a restart builds every instance anew, but Tidemark does not number attempts. */
    public int getAttemptNumber() {
        return 0;
    }
}
