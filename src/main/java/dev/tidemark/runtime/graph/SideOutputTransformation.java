package dev.tidemark.runtime.graph;

import dev.tidemark.api.OutputTag;
import java.util.List;

/** A virtual node: the side output {@code tag} of its input; it runs no operator of its own. */
public final class SideOutputTransformation<T> extends Transformation<T> {

    private final Transformation<?> input;
    private final OutputTag<T> tag;

    public SideOutputTransformation(Transformation<?> input, OutputTag<T> tag) {
        super("SideOutput(" + tag.id() + ")");
        this.input = input;
        this.tag = tag;
    }

    public Transformation<?> input() {
        return input;
    }

    public OutputTag<T> tag() {
        return tag;
    }

    @Override
    public List<Transformation<?>> inputs() {
        return List.of(input);
    }
}
