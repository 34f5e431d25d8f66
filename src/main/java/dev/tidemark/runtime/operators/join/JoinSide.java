package dev.tidemark.runtime.operators.join;

/** Which input of a join: the namespace of its cleanup timers. */
public enum JoinSide {
    LEFT,
    RIGHT
}
