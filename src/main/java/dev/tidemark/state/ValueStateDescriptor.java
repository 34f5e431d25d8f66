package dev.tidemark.state;

/** Describes a {@link ValueState}. */
public final class ValueStateDescriptor<T> extends StateDescriptor<ValueState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param type the value type, kept for tools that translate the pipeline */
    private final Class<T> type;

    public ValueStateDescriptor(String name, Class<T> type) {
        super(name);
        this.type = type;
    }

    /** The declared value type; restored values are checked against it. {@code null}: unchecked. */
    public Class<T> getType() {
        return type;
    }
}
