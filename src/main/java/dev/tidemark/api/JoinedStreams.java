package dev.tidemark.api;

import dev.tidemark.api.CoGroupedStreams.TaggedUnion;
import dev.tidemark.api.functions.FlatJoinFunction;
import dev.tidemark.api.functions.JoinFunction;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.runtime.operators.join.NestedLoopJoin;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.Window;
import java.time.Duration;

/**
 * Two streams joined by key and window: {@code a.join(b).where(keyA).equalTo(keyB).window(assigner)
 * .apply(function)} calls {@code function} once for every pair of an element of {@code a} and an
 * element of {@code b} with equal keys in the same window, when the window fires; a window with
 * elements on one side only yields nothing (use {@link DataStream#coGroup} for outer joins).
 *
 * <p>It is a {@link CoGroupedStreams coGroup} with a nested loop, so windows, triggers, evictors and
 * allowed lateness behave as there (a late element within the lateness fires the window again, with
 * every pair). Results carry the window's {@code maxTimestamp()}.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public class JoinedStreams<T1, T2> {

    private final CoGroupedStreams<T1, T2> coGroup;

    public JoinedStreams(DataStream<T1> input1, DataStream<T2> input2) {
        this.coGroup = new CoGroupedStreams<>(input1, input2, "join");
    }

    /** The key of the first input's elements. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector) {
        return new Where<>(coGroup.where(keySelector));
    }

    /** As {@link #where(KeySelector)}; the type is kept for the graph, as everywhere. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector, TypeInformation<KEY> keyType) {
        return where(keySelector);
    }

    /** The first input's key is given: now the second's. */
    public class Where<KEY> {
        private final CoGroupedStreams<T1, T2>.Where<KEY> where;

        Where(CoGroupedStreams<T1, T2>.Where<KEY> where) {
            this.where = where;
        }

        /** The key of the second input's elements, matched by {@code equals} with the first's. */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector) {
            return new EqualTo(where.equalTo(keySelector));
        }

        /** As {@link #equalTo(KeySelector)}; the type is kept for the graph, as everywhere. */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector, TypeInformation<KEY> keyType) {
            return equalTo(keySelector);
        }

        /** Both keys are given: now the windows. */
        public class EqualTo {
            private final CoGroupedStreams<T1, T2>.Where<KEY>.EqualTo equalTo;

            EqualTo(CoGroupedStreams<T1, T2>.Where<KEY>.EqualTo equalTo) {
                this.equalTo = equalTo;
            }

            /** The windows in which elements of the two inputs are paired. */
            public <W extends Window> WithWindow<T1, T2, KEY, W> window(
                    WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(equalTo.window(assigner));
            }
        }
    }

    /**
     * A join with keys and windows given; configure the trigger, evictor and allowed lateness as for
     * {@link WindowedStream}, then {@link #apply} the function.
     */
    public static class WithWindow<T1, T2, KEY, W extends Window> {
        private final CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup;

        WithWindow(CoGroupedStreams.WithWindow<T1, T2, KEY, W> coGroup) {
            this.coGroup = coGroup;
        }

        /** Replaces the assigner's default trigger. */
        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> newTrigger) {
            coGroup.trigger(newTrigger);
            return this;
        }

        /** Keeps every element and lets {@code newEvictor} remove some before or after the pairing. */
        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> newEvictor) {
            coGroup.evictor(newEvictor);
            return this;
        }

        /** As {@link #allowedLateness(Duration)}, with Flink 1.x's {@link Time}. */
        public WithWindow<T1, T2, KEY, W> allowedLateness(Time lateness) {
            coGroup.allowedLateness(lateness);
            return this;
        }

        /** See {@link CoGroupedStreams.WithWindow#allowedLateness(Duration)}. */
        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            coGroup.allowedLateness(lateness);
            return this;
        }

        /** One result per pair of elements of the same key and window. */
        public <T> SingleOutputStreamOperator<T> apply(JoinFunction<T1, T2, T> function) {
            DataStream.serialize(function, "Join");
            return coGroup.apply(NestedLoopJoin.of(function), "Join");
        }

        /** Zero or more results per pair of elements of the same key and window. */
        public <T> SingleOutputStreamOperator<T> apply(FlatJoinFunction<T1, T2, T> function) {
            DataStream.serialize(function, "Join");
            return coGroup.apply(NestedLoopJoin.of(function), "Join");
        }

        /** As {@link #apply(JoinFunction)}, declaring the result type. */
        public <T> SingleOutputStreamOperator<T> apply(JoinFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }

        /** As {@link #apply(FlatJoinFunction)}, declaring the result type. */
        public <T> SingleOutputStreamOperator<T> apply(FlatJoinFunction<T1, T2, T> function,
                TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }

        /** @deprecated as in Flink: use {@link #apply(JoinFunction)} */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(JoinFunction<T1, T2, T> function) {
            return apply(function);
        }

        /** @deprecated as in Flink: use {@link #apply(FlatJoinFunction)} */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(FlatJoinFunction<T1, T2, T> function) {
            return apply(function);
        }

        /** @deprecated as in Flink: use {@link #apply(JoinFunction, TypeInformation)} */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(JoinFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function, resultType);
        }

        /** @deprecated as in Flink: use {@link #apply(FlatJoinFunction, TypeInformation)} */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(FlatJoinFunction<T1, T2, T> function,
                TypeInformation<T> resultType) {
            return apply(function, resultType);
        }
    }
}
