package dev.tidemark.runtime.operators;

/**
 * Takes an operator's snapshot: what an operator that keeps state in tables of its own runs while
 * those tables are also in keyed state, so that the snapshot of keyed state holds them.
 */
@FunctionalInterface
public interface SnapshotAction {
    void take() throws Exception;
}
