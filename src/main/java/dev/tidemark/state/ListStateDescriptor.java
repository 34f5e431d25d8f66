package dev.tidemark.state;

/** Describes a {@link ListState}. */
public final class ListStateDescriptor<T> extends StateDescriptor<ListState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param elementType the element type, kept for tools that translate the pipeline */
    public ListStateDescriptor(String name, Class<T> elementType) {
        super(name);
    }
}
