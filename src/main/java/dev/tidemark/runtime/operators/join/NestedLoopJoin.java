package dev.tidemark.runtime.operators.join;

import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FlatJoinFunction;
import dev.tidemark.api.functions.JoinFunction;

/**
 * A window join as a coGroup: every element of the first input with every element of the second,
 * first input in the outer loop (Flink's order), so a window with no element on one side yields
 * nothing. {@link CoGroupWindowFunction} opens and closes the user's join function.
 */
public final class NestedLoopJoin<T1, T2, OUT> implements CoGroupFunction<T1, T2, OUT> {

    private static final long serialVersionUID = 1L;

    private final FlatJoinFunction<T1, T2, OUT> join;
    private final Object owner; // the user's function

    private NestedLoopJoin(FlatJoinFunction<T1, T2, OUT> join, Object owner) {
        this.join = join;
        this.owner = owner;
    }

    public static <T1, T2, OUT> NestedLoopJoin<T1, T2, OUT> of(FlatJoinFunction<T1, T2, OUT> join) {
        return new NestedLoopJoin<>(join, join);
    }

    public static <T1, T2, OUT> NestedLoopJoin<T1, T2, OUT> of(JoinFunction<T1, T2, OUT> join) {
        return new NestedLoopJoin<>(new OneResult<>(join), join);
    }

    /** The user's join function. */
    Object userFunction() {
        return owner;
    }

    @Override
    public void coGroup(Iterable<T1> first, Iterable<T2> second, Collector<OUT> out) throws Exception {
        for (T1 a : first) {
            for (T2 b : second) {
                join.join(a, b, out);
            }
        }
    }

    private record OneResult<T1, T2, OUT>(JoinFunction<T1, T2, OUT> function) implements FlatJoinFunction<T1, T2, OUT> {
        @Override
        public void join(T1 first, T2 second, Collector<OUT> out) throws Exception {
            out.collect(function.join(first, second));
        }
    }
}
