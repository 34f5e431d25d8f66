package dev.tidemark.checkpoint;

import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;

/**
 * The operator state of one parallel instance of a function: named lists that are not scoped to a
 * key. How a list is redistributed when a job is restored at another parallelism depends on how it
 * was obtained.
 */
public interface OperatorStateStore {

    /**
     * A list split on restore: the elements of every instance's list are concatenated and dealt out
     * in even, contiguous slices to the new instances (Flink's even-split redistribution).
     */
    <T> ListState<T> getListState(ListStateDescriptor<T> descriptor);

    /** A list that every instance gets whole on restore: the elements of all instances' lists. */
    <T> ListState<T> getUnionListState(ListStateDescriptor<T> descriptor);
}
