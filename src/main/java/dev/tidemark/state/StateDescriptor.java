package dev.tidemark.state;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names a piece of keyed state and how to build it. Two descriptors with the same name in one
 * operator must describe the same kind of state.
 *
 * @param <S> the state type it creates
 */
public abstract sealed class StateDescriptor<S extends State> implements Serializable
        permits ValueStateDescriptor, ListStateDescriptor, MapStateDescriptor, ReducingStateDescriptor,
                AggregatingStateDescriptor {

    private static final long serialVersionUID = 1L;

    private final String name;
    private StateTtlConfig ttl;

    StateDescriptor(String name) {
        Objects.requireNonNull(name, "state name must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("state name must not be blank: name='" + name + "'");
        }
        this.name = name;
    }

    /** The state's name, unique within the operator. */
    public String getName() {
        return name;
    }

    /** Gives the state a time-to-live. */
    public void enableTimeToLive(StateTtlConfig config) {
        this.ttl = Objects.requireNonNull(config, "ttl config must not be null");
    }

    /** The time-to-live, or {@code null} if values live until cleared. */
    public StateTtlConfig getTtlConfig() {
        return ttl;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + name + ")";
    }
}
