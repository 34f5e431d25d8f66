package dev.tidemark.api;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names a side output: a second stream that an operator can emit to besides its main output, read
 * with {@code SingleOutputStreamOperator.getSideOutput(tag)}. Two tags are equal when their ids are.
 * Create one with {@link #of}, or as Flink programs do, {@code new OutputTag<String>("late") {}}
 * (the anonymous subclass is allowed, not needed).
 *
 * @param <T> the side output's element type
 */
public class OutputTag<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;

    /** A tag with the given id. */
    public OutputTag(String id) {
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

    /** A tag with the given id and declared element type. */
    public OutputTag(String id, dev.tidemark.api.typeinfo.TypeInformation<T> type) {
        this(id);
        java.util.Objects.requireNonNull(type, "output tag type must not be null");
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

    /** The tag's id, as Flink names it. */
    public String getId() {
        return id;
    }

    @Override
    public final boolean equals(Object other) {
        return other instanceof OutputTag<?> tag && tag.id.equals(id);
    }

    @Override
    public final int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "OutputTag(" + id + ")";
    }
}
