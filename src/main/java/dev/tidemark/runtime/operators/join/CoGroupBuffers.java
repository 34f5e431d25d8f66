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
 * side once instead of at every firing. A side's list is made by its first element, as large as
 * {@link Sizing} expects the side's lists to grow, so that it does not grow step by step.
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

    void add(TaggedUnion<T1, T2> element, Sizing sizing) {
        if (element.isOne()) {
            addFirst(element.getOne(), sizing);
        } else {
            addSecond(element.getTwo(), sizing);
        }
    }

    void addFirst(T1 element, Sizing sizing) {
        if (first == null) {
            first = new ArrayList<>(sizing.firstCapacity());
        }
        first.add(element);
    }

    void addSecond(T2 element, Sizing sizing) {
        if (second == null) {
            second = new ArrayList<>(sizing.secondCapacity());
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

    /**
     * How large a side's lists grow, from the windows that fired before (an average that follows the
     * latest windows): a new list is made a quarter larger than that, and never smaller than two, so
     * windows with about one element per side cost what they did, and windows with more make one
     * array per side instead of growing through 2, 3, 4, 6, ... One per copy of an operator.
     *
     * <p>Threading: the owning task's thread only.
     */
    static final class Sizing implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final int MIN = 2;
        private static final int SHIFT = 4; // averages in sixteenths

        private int firstAverage = 1 << SHIFT; // until windows fired: one element, lists of MIN
        private int secondAverage = 1 << SHIFT;

        int firstCapacity() {
            return capacity(firstAverage);
        }

        int secondCapacity() {
            return capacity(secondAverage);
        }

        /** Takes the sizes of a firing window's lists into the averages. */
        void fired(CoGroupBuffers<?, ?> buffers) {
            if (buffers.first != null) {
                firstAverage = follow(firstAverage, buffers.first.size());
            }
            if (buffers.second != null) {
                secondAverage = follow(secondAverage, buffers.second.size());
            }
        }

        /** An eighth of the way towards {@code size}; sizes past a million count as a million. */
        private static int follow(int average, int size) {
            int target = Math.min(size, 1 << 20) << SHIFT;
            return average + ((target - average) >> 3);
        }

        private static int capacity(int average) {
            return Math.max(MIN, (average + (average >> 2) + (1 << SHIFT) - 1) >> SHIFT);
        }
    }

    private static final class Collect<T1, T2>
            implements AggregateFunction<TaggedUnion<T1, T2>, CoGroupBuffers<T1, T2>, CoGroupBuffers<T1, T2>> {
        private static final long serialVersionUID = 1L;

        private final Sizing sizing = new Sizing();

        @Override
        public CoGroupBuffers<T1, T2> createAccumulator() {
            return new CoGroupBuffers<>();
        }

        @Override
        public CoGroupBuffers<T1, T2> add(TaggedUnion<T1, T2> value, CoGroupBuffers<T1, T2> accumulator) {
            accumulator.add(value, sizing);
            return accumulator;
        }

        @Override
        public CoGroupBuffers<T1, T2> getResult(CoGroupBuffers<T1, T2> accumulator) {
            sizing.fired(accumulator);
            return accumulator;
        }

        @Override
        public CoGroupBuffers<T1, T2> merge(CoGroupBuffers<T1, T2> a, CoGroupBuffers<T1, T2> b) {
            return CoGroupBuffers.merge(a, b);
        }
    }
}
