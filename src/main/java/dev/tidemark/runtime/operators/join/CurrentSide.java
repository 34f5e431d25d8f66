package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.runtime.graph.UnboxedKeys;
import java.io.Serializable;

/**
 * Which input of a window join the element being processed came from, for a window operator that
 * sees both inputs' elements untagged ({@link WindowJoinOperator}): its key selector and aggregate
 * read it. The two share one instance within a copy of the operator's specification (Java
 * serialization keeps shared references), so setting it before each element is all it takes.
 *
 * <p>Threading: the owning task's thread only.
 */
public final class CurrentSide implements Serializable {

    private static final long serialVersionUID = 1L;

    private transient boolean first;

    void set(boolean fromFirst) {
        this.first = fromFirst;
    }

    /**
     * The key of an element of either input, by its side's selector: a {@link LongKeySelector} when
     * both sides' are (or are method references to methods returning {@code long}, as
     * {@code keyBy} reads them), so that the window tables take the key unboxed, as they do for
     * {@code aggregate}.
     */
    @SuppressWarnings("unchecked")
    public <T1, T2, K> KeySelector<Object, K> key(KeySelector<T1, K> key1, KeySelector<T2, K> key2) {
        KeySelector<T1, K> one = UnboxedKeys.of(key1);
        KeySelector<T2, K> two = UnboxedKeys.of(key2);
        if (one instanceof LongKeySelector<?> longs1 && two instanceof LongKeySelector<?> longs2) {
            return (KeySelector<Object, K>) (KeySelector<Object, ?>) new LongKey<>(this,
                    (LongKeySelector<T1>) longs1, (LongKeySelector<T2>) longs2);
        }
        return new Key<>(this, key1, key2);
    }

    /** Collects each element into its side's list, as {@link CoGroupBuffers#collect()} does for tagged ones. */
    public <T1, T2> AggregateFunction<Object, CoGroupBuffers<T1, T2>, CoGroupBuffers<T1, T2>> collect() {
        return new Collect<>(this, new CoGroupBuffers.Sizing());
    }

    private record Key<T1, T2, K>(CurrentSide side, KeySelector<T1, K> key1, KeySelector<T2, K> key2)
            implements KeySelector<Object, K> {
        @Override
        @SuppressWarnings("unchecked")
        public K getKey(Object value) throws Exception {
            return side.first ? key1.getKey((T1) value) : key2.getKey((T2) value);
        }
    }

    private record LongKey<T1, T2>(CurrentSide side, LongKeySelector<T1> key1, LongKeySelector<T2> key2)
            implements LongKeySelector<Object> {
        @Override
        @SuppressWarnings("unchecked")
        public long getLongKey(Object value) throws Exception {
            return side.first ? key1.getLongKey((T1) value) : key2.getLongKey((T2) value);
        }
    }

    private record Collect<T1, T2>(CurrentSide side, CoGroupBuffers.Sizing sizing)
            implements AggregateFunction<Object, CoGroupBuffers<T1, T2>, CoGroupBuffers<T1, T2>> {
        @Override
        public CoGroupBuffers<T1, T2> createAccumulator() {
            return new CoGroupBuffers<>();
        }

        @Override
        @SuppressWarnings("unchecked")
        public CoGroupBuffers<T1, T2> add(Object value, CoGroupBuffers<T1, T2> accumulator) {
            if (side.first) {
                accumulator.addFirst((T1) value, sizing);
            } else {
                accumulator.addSecond((T2) value, sizing);
            }
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
