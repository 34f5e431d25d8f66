package dev.tidemark.runtime.task;

/** The lifecycle every operator of a chain shares, whatever its number of inputs. */
interface ChainMember {

    String name();

    /** The id the operator's state is stored under. */
    String operatorId();

    /** The operator's checkpoint hooks. */
    dev.tidemark.runtime.operators.CheckpointedOperator checkpointHooks();

    void open();

    void endInput();

    void close();
}
