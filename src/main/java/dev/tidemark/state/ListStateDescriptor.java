package dev.tidemark.state;

import dev.tidemark.api.typeinfo.TypeInformation;
import java.util.Objects;

/** Describes a {@link ListState}. */
public final class ListStateDescriptor<T> extends StateDescriptor<ListState<T>> {

    private static final long serialVersionUID = 1L;

    /** @param elementType the element type, kept for tools that translate the pipeline */
    private final Class<T> elementType;

    /** @param elementType the element type, as Flink programs declare it; its class is what is kept */
    public ListStateDescriptor(String name, TypeInformation<T> elementType) {
        this(name, Objects.requireNonNull(elementType, "state type must not be null").getTypeClass());
    }

    public ListStateDescriptor(String name, Class<T> elementType) {
        super(name);
        this.elementType = elementType;
    }

    /** The declared element type; restored elements are checked against it. {@code null}: unchecked. */
    public Class<T> getElementType() {
        return elementType;
    }
}
