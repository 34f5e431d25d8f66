package dev.tidemark.api;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names a side output: a second stream that an operator can emit to besides its main output, read
 * with {@code SingleOutputStreamOperator.getSideOutput(tag)}. Two tags are equal when their ids are.
 *
 * @param <T> the side output's element type
 */
public final class OutputTag<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;

    private OutputTag(String id) {
        Objects.requireNonNull(id, "output tag id must not be null");
        if (id.isBlank()) {
            throw new IllegalArgumentException("output tag id must not be blank: id='" + id + "'");
        }
        this.id = id;
    }

    /** A tag with the given id. */
    public static <T> OutputTag<T> of(String id) {
        return new OutputTag<>(id);
    }

    /** A tag with the given id, typed by {@code type} to help inference. */
    public static <T> OutputTag<T> of(String id, Class<T> type) {
        Objects.requireNonNull(type, "output tag type must not be null");
        return new OutputTag<>(id);
    }

    /** The tag's id. */
    public String id() {
        return id;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OutputTag<?> tag && tag.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "OutputTag(" + id + ")";
    }
}
