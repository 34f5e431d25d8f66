package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.CoGroupedStreams.TaggedUnion;
import dev.tidemark.api.functions.AggregateFunction;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The contents of one key's window of a window join or coGroup: each input's elements in arrival
 * order. Kept as the window's accumulator, so the window operators that hold one accumulator per
 * key and window (tumbling, sliding, sessions) serve joins too, and an element is sorted into its
 * side once instead of at every firing. A side's list is made by its first element.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public final class CoGroupBuffers<T1, T2> implements Serializable {

    private static final long serialVersionUID = 1L;

    private ArrayList<T1> first;
    private ArrayList<T2> second;

    /** The first input's elements; empty if none came. */
    public List<T1> first() {
        return first == null ? List.of() : first;
    }

    /** The second input's elements; empty if none came. */
    public List<T2> second() {
        return second == null ? List.of() : second;
    }

    void add(TaggedUnion<T1, T2> element) {
        if (element.isOne()) {
            addFirst(element.getOne());
        } else {
            addSecond(element.getTwo());
        }
    }

    void addFirst(T1 element) {
        if (first == null) {
            first = new ArrayList<>(2);
        }
        first.add(element);
    }

    void addSecond(T2 element) {
        if (second == null) {
            second = new ArrayList<>(2);
        }
        second.add(element);
    }

    void addAll(CoGroupBuffers<T1, T2> other) {
        if (other.first != null) {
            if (first == null) {
                first = new ArrayList<>(other.first.size());
            }
            first.addAll(other.first);
        }
        if (other.second != null) {
            if (second == null) {
                second = new ArrayList<>(other.second.size());
            }
            second.addAll(other.second);
        }
    }

    /** The aggregate that fills the buffers: merging (of session windows) appends, which is exact. */
    public static <T1, T2> AggregateFunction<TaggedUnion<T1, T2>, CoGroupBuffers<T1, T2>, CoGroupBuffers<T1, T2>> collect() {
        return new Collect<>();
    }

    /** Merging of session windows: appends {@code b}'s elements to {@code a}'s. */
    static <T1, T2> CoGroupBuffers<T1, T2> merge(CoGroupBuffers<T1, T2> a, CoGroupBuffers<T1, T2> b) {
        a.addAll(b);
        return a;
    }

    private static final class Collect<T1, T2>
            implements AggregateFunction<TaggedUnion<T1, T2>, CoGroupBuffers<T1, T2>, CoGroupBuffers<T1, T2>> {
        private static final long serialVersionUID = 1L;

        @Override
        public CoGroupBuffers<T1, T2> createAccumulator() {
            return new CoGroupBuffers<>();
        }

        @Override
        public CoGroupBuffers<T1, T2> add(TaggedUnion<T1, T2> value, CoGroupBuffers<T1, T2> accumulator) {
            accumulator.add(value);
            return accumulator;
        }

        @Override
        public CoGroupBuffers<T1, T2> getResult(CoGroupBuffers<T1, T2> accumulator) {
            return accumulator;
        }

        @Override
        public CoGroupBuffers<T1, T2> merge(CoGroupBuffers<T1, T2> a, CoGroupBuffers<T1, T2> b) {
            return CoGroupBuffers.merge(a, b);
        }
    }
}
