package dev.tidemark.api.functions;

/** What a {@link RichFunction} learns about the parallel instance that runs it. */
public interface RuntimeContext {

    /** The operator's name, as shown in error messages and logs. */
    String getOperatorName();

    /** This instance's index, from 0 to {@link #getNumberOfParallelSubtasks()} - 1. */
    int getIndexOfThisSubtask();

    /** How many parallel instances the operator has. */
    int getNumberOfParallelSubtasks();
}
