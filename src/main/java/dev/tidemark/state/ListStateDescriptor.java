package dev.tidemark.state;

/** Describes a {@link ListState}. */
public final class ListStateDescriptor<T> extends StateDescriptor<ListState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param elementType the element type, kept for tools that translate the pipeline */
    private final Class<T> elementType;

    public ListStateDescriptor(String name, Class<T> elementType) {
        super(name);
        this.elementType = elementType;
    }

    /** The declared element type; restored elements are checked against it. {@code null}: unchecked. */
    public Class<T> getElementType() {
        return elementType;
    }
}
