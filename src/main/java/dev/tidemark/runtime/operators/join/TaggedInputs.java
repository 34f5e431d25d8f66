package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.CoGroupedStreams.TaggedUnion;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.MapFunction;

/** How a window join's two inputs become one keyed stream: each element tagged with its side, keyed by its side's selector. */
public final class TaggedInputs {

    private TaggedInputs() {}

    public static <T1, T2> MapFunction<T1, TaggedUnion<T1, T2>> first() {
        return TaggedUnion::one;
    }

    public static <T1, T2> MapFunction<T2, TaggedUnion<T1, T2>> second() {
        return TaggedUnion::two;
    }

    /** The key of a tagged element: its side's selector applied to it. */
    public static <T1, T2, K> KeySelector<TaggedUnion<T1, T2>, K> key(KeySelector<T1, K> first, KeySelector<T2, K> second) {
        return new UnionKey<>(first, second);
    }

    private record UnionKey<T1, T2, K>(KeySelector<T1, K> first, KeySelector<T2, K> second)
            implements KeySelector<TaggedUnion<T1, T2>, K> {
        private static final long serialVersionUID = 1L;

        @Override
        public K getKey(TaggedUnion<T1, T2> value) throws Exception {
            return value.isOne() ? first.getKey(value.getOne()) : second.getKey(value.getTwo());
        }
    }
}
