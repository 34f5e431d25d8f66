package dev.tidemark.api;

import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.ProcessWindowFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.eventtime.Durations;
import dev.tidemark.runtime.graph.KeyTypes;
import dev.tidemark.runtime.graph.SerializedValue;
import dev.tidemark.runtime.operators.join.CoGroupBuffers;
import dev.tidemark.runtime.operators.join.CoGroupWindowFunction;
import dev.tidemark.runtime.operators.join.CurrentSide;
import dev.tidemark.runtime.operators.join.SidedWindows;
import dev.tidemark.runtime.operators.join.TaggedInputs;
import dev.tidemark.runtime.operators.join.WindowJoinOperator;
import dev.tidemark.runtime.operators.window.WindowOperatorSpec;
import dev.tidemark.windowing.assigners.WindowAssigner;
import dev.tidemark.windowing.evictors.Evictor;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import dev.tidemark.windowing.windows.Window;
import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Two streams grouped by key and window together: {@code a.coGroup(b).where(keyA).equalTo(keyB)
 * .window(assigner).apply(function)} calls {@code function} once per key and window firing with
 * both inputs' elements of that key and window; either group may be empty.
 *
 * <p>Both inputs are keyed into one window operator, so everything windows offer applies: every assigner (merging sessions across both inputs), triggers, evictors,
 * allowed lateness (a late element within it fires the window again with all its elements). An
 * element is late, and dropped and counted in {@code numLateRecordsDropped}, by the rules of
 * windows (see {@link WindowedStream}). Results carry the window's {@code maxTimestamp()}.
 *
 * @param <T1> the first input's type
 * @param <T2> the second input's type
 */
public class CoGroupedStreams<T1, T2> {

    private final DataStream<T1> input1;
    private final DataStream<T2> input2;
    private final String operation; // what errors name: "coGroup", or "join" for a JoinedStreams

    public CoGroupedStreams(DataStream<T1> input1, DataStream<T2> input2) {
        this(input1, input2, "coGroup");
    }

    CoGroupedStreams(DataStream<T1> input1, DataStream<T2> input2, String operation) {
        this.input1 = Objects.requireNonNull(input1, "first input must not be null");
        this.input2 = Objects.requireNonNull(input2, "second input must not be null");
        this.operation = operation;
    }

    /** The key of the first input's elements. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector) {
        return new Where<>(keySelector);
    }

    /** As {@link #where(KeySelector)}; the type is kept for the graph, as everywhere. */
    public <KEY> Where<KEY> where(KeySelector<T1, KEY> keySelector, TypeInformation<KEY> keyType) {
        return where(keySelector);
    }

    /** The first input's key is given: now the second's. */
    public class Where<KEY> {
        private final KeySelector<T1, KEY> key1;

        Where(KeySelector<T1, KEY> key1) {
            this.key1 = checkedKey(key1, operation);
        }

        /** The key of the second input's elements, matched by {@code equals} with the first's. */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector) {
            KeySelector<T2, KEY> key2 = checkedKey(keySelector, operation);
            KeyTypes.checkMatching(key1, key2, operation);
            return new EqualTo(key2);
        }

        /** As {@link #equalTo(KeySelector)}; the type is kept for the graph, as everywhere. */
        public EqualTo equalTo(KeySelector<T2, KEY> keySelector, TypeInformation<KEY> keyType) {
            return equalTo(keySelector);
        }

        /** Both keys are given: now the windows. */
        public class EqualTo {
            private final KeySelector<T2, KEY> key2;

            EqualTo(KeySelector<T2, KEY> key2) {
                this.key2 = key2;
            }

            /** The windows the elements of both inputs are grouped in. */
            public <W extends Window> WithWindow<T1, T2, KEY, W> window(
                    WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
                return new WithWindow<>(input1, input2, key1, key2, assigner);
            }
        }
    }

    private static <T, K> KeySelector<T, K> checkedKey(KeySelector<T, K> selector, String operation) {
        Objects.requireNonNull(selector, () -> operation + ": key selector must not be null");
        KeyTypes.check(selector);
        return selector;
    }

    /**
     * A coGroup with keys and windows given; configure the trigger, evictor and allowed lateness as
     * for {@link WindowedStream}, then {@link #apply} the function.
     */
    public static class WithWindow<T1, T2, KEY, W extends Window> {
        private final DataStream<T1> input1;
        private final DataStream<T2> input2;
        private final KeySelector<T1, KEY> key1;
        private final KeySelector<T2, KEY> key2;
        private final WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner;
        private Trigger<? super TaggedUnion<T1, T2>, ? super W> trigger;
        private Evictor<? super TaggedUnion<T1, T2>, ? super W> evictor;
        private Duration allowedLateness = Duration.ZERO;

        WithWindow(DataStream<T1> input1, DataStream<T2> input2, KeySelector<T1, KEY> key1, KeySelector<T2, KEY> key2,
                WindowAssigner<? super TaggedUnion<T1, T2>, W> assigner) {
            this.input1 = input1;
            this.input2 = input2;
            this.key1 = key1;
            this.key2 = key2;
            this.assigner = Objects.requireNonNull(assigner, "window assigner must not be null");
        }

        /** Replaces the assigner's default trigger. */
        public WithWindow<T1, T2, KEY, W> trigger(Trigger<? super TaggedUnion<T1, T2>, ? super W> newTrigger) {
            this.trigger = Objects.requireNonNull(newTrigger, "trigger must not be null");
            return this;
        }

        /** Keeps every element and lets {@code newEvictor} remove some before or after the function. */
        public WithWindow<T1, T2, KEY, W> evictor(Evictor<? super TaggedUnion<T1, T2>, ? super W> newEvictor) {
            this.evictor = Objects.requireNonNull(newEvictor, "evictor must not be null");
            return this;
        }

        /** As {@link #allowedLateness(Duration)}, with Flink 1.x's {@link Time}. */
        public WithWindow<T1, T2, KEY, W> allowedLateness(Time lateness) {
            return allowedLateness(Time.toDuration(lateness, "lateness"));
        }

        /**
         * How long after the watermark passes a window's end it still accepts late elements, each of
         * which fires the window again with all its elements. Default zero.
         *
         * @throws IllegalArgumentException if negative
         */
        public WithWindow<T1, T2, KEY, W> allowedLateness(Duration lateness) {
            Durations.nonNegativeMillis(lateness, "allowedLateness");
            this.allowedLateness = lateness;
            return this;
        }

        /** Calls {@code function} with both inputs' elements of each key and window when it fires. */
        public <T> SingleOutputStreamOperator<T> apply(CoGroupFunction<T1, T2, T> function) {
            return apply(function, "CoGroup");
        }

        /** As {@link #apply(CoGroupFunction)}, declaring the result type. */
        public <T> SingleOutputStreamOperator<T> apply(CoGroupFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function).returns(resultType);
        }

        /**
         * As {@link #apply(CoGroupFunction)}.
         *
         * @deprecated as in Flink: use {@link #apply(CoGroupFunction)}
         */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(CoGroupFunction<T1, T2, T> function) {
            return apply(function);
        }

        /**
         * As {@link #apply(CoGroupFunction, TypeInformation)}.
         *
         * @deprecated as in Flink: use {@link #apply(CoGroupFunction, TypeInformation)}
         */
        @Deprecated
        public <T> SingleOutputStreamOperator<T> with(CoGroupFunction<T1, T2, T> function, TypeInformation<T> resultType) {
            return apply(function, resultType);
        }

        /**
         * The window operator over both inputs, named {@code name} ("CoGroup" or "Join"): straight
         * into window tables when the windows never look at an element, else over tagged elements.
         */
        <T> SingleOutputStreamOperator<T> apply(CoGroupFunction<T1, T2, T> function, String name) {
            DataStream.serialize(function, name); // fails now, not at execute(), if it cannot be copied
            if (trigger == null && evictor == null) {
                SidedWindows<KEY, T> untagged = untagged(function);
                if (WindowJoinOperator.applies(untagged.spec())) {
                    SerializedValue<SidedWindows<KEY, T>> copies = DataStream.serialize(untagged, name);
                    SerializedValue<Parts> parts = DataStream.serialize(new Parts(key1, key2, assigner, function), name);
                    long lateness = allowedLateness.toMillis();
                    return DataStream.described(input1.keyBy(key1).connect(input2.keyBy(key2))
                            .build(name, ctx -> new WindowJoinOperator<>(copies.copy(), ctx)), () -> {
                                Parts p = parts.copy();
                                return new Operation.WindowCoGroup(p.key1(), p.key2(), p.assigner(), lateness, p.function());
                            });
                }
            }
            DataStream<TaggedUnion<T1, T2>> tagged = input1.map(TaggedInputs.<T1, T2>first()).name("Map")
                    .union(input2.map(TaggedInputs.<T1, T2>second()).name("Map"));
            WindowedStream<TaggedUnion<T1, T2>, KEY, W> windowed = tagged.keyBy(TaggedInputs.key(key1, key2))
                    .window(assigner).allowedLateness(allowedLateness);
            if (trigger != null) {
                windowed.trigger(trigger);
            }
            if (evictor != null) {
                windowed.evictor(evictor);
            }
            return windowed.aggregate(CoGroupBuffers.<T1, T2>collect(), new CoGroupWindowFunction<>(function)).name(name);
        }

        /** These windows over both inputs' untagged elements, the side of each in a {@link CurrentSide}. */
        @SuppressWarnings({"unchecked", "rawtypes"})
        private <T> SidedWindows<KEY, T> untagged(CoGroupFunction<T1, T2, T> function) {
            CurrentSide side = new CurrentSide();
            WindowAssigner<Object, TimeWindow> windows = (WindowAssigner) assigner; // used only if it ignores elements
            return new SidedWindows<>(new WindowOperatorSpec<KEY, Object, T, TimeWindow>(side.key(key1, key2), windows,
                    windows.getDefaultTrigger(), null, Durations.nonNegativeMillis(allowedLateness, "allowedLateness"),
                    null, null, side.<T1, T2>collect(), (ProcessWindowFunction) new CoGroupWindowFunction<>(function)),
                    side);
        }
    }

    /**
     * An element of either input, tagged with its side: what the window assigner, trigger, evictor
     * and session gap extractor of a coGroup or window join see.
     *
     * @param <T1> the first input's type
     * @param <T2> the second input's type
     */
    public static final class TaggedUnion<T1, T2> implements Serializable {

        private static final long serialVersionUID = 1L;

        private final T1 one;
        private final T2 two;

        private TaggedUnion(T1 one, T2 two) {
            this.one = one;
            this.two = two;
        }

        /** An element of the first input. */
        public static <T1, T2> TaggedUnion<T1, T2> one(T1 value) {
            return new TaggedUnion<>(Objects.requireNonNull(value, "a joined element must not be null"), null);
        }

        /** An element of the second input. */
        public static <T1, T2> TaggedUnion<T1, T2> two(T2 value) {
            return new TaggedUnion<>(null, Objects.requireNonNull(value, "a joined element must not be null"));
        }

        public boolean isOne() {
            return one != null;
        }

        public boolean isTwo() {
            return two != null;
        }

        /** The first input's element, or {@code null} if this is the second's. */
        public T1 getOne() {
            return one;
        }

        /** The second input's element, or {@code null} if this is the first's. */
        public T2 getTwo() {
            return two;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof TaggedUnion<?, ?> that && Objects.equals(one, that.one) && Objects.equals(two, that.two);
        }

        @Override
        public int hashCode() {
            return Objects.hash(one, two);
        }

        @Override
        public String toString() {
            return isOne() ? "One(" + one + ")" : "Two(" + two + ")";
        }
    }

    /** What the pipeline graph shows of a window co-group, kept serialized to give each graph fresh copies. */
    private record Parts(KeySelector<?, ?> key1, KeySelector<?, ?> key2, WindowAssigner<?, ?> assigner,
            CoGroupFunction<?, ?, ?> function) implements Serializable {}
}
