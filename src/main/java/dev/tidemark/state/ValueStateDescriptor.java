package dev.tidemark.state;

/** Describes a {@link ValueState}. */
public final class ValueStateDescriptor<T> extends StateDescriptor<ValueState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param type the value type, kept for tools that translate the pipeline */
    public ValueStateDescriptor(String name, Class<T> type) {
        super(name);
    }
}
