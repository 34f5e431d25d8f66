package dev.tidemark.runtime.state;

/** The namespace of state that is scoped to a key only. */
public enum VoidNamespace {
    INSTANCE
}
