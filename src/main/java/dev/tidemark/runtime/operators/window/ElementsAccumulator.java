package dev.tidemark.runtime.operators.window;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A window's elements in arrival order, as its accumulator, for a window function that sees them
 * all ({@code process(...)}, {@code apply(...)}): the list {@link ListContents} keeps per key and
 * window, so an operator that keeps windows in tables restores the general operator's snapshot and
 * the other way round. The function gets a read-only view of it.
 *
 * <p>Threading: the owning task's thread only.
 */
final class ElementsAccumulator<T> implements Accumulator<T, ArrayList<T>> {

    @Override
    public ArrayList<T> first(T value) {
        return firstOf(new ArrayList<>(), value); // room for ten, as in Flink: starting at four ran slower
    }

    /**
     * The list of a rare key's window, whose first element waited in it ({@link KeyWindowIndex}: the
     * key comes less often than once per slide), so it mostly stays at one element: room for two.
     */
    @Override
    public ArrayList<T> firstNow(T value) {
        return firstOf(new ArrayList<>(2), value);
    }

    private static <T> ArrayList<T> firstOf(ArrayList<T> elements, T value) {
        elements.add(value);
        return elements;
    }

    @Override
    public ArrayList<T> add(T value, ArrayList<T> elements) {
        elements.add(value);
        return elements;
    }

    @Override
    public ArrayList<T> merge(ArrayList<T> a, ArrayList<T> b) {
        a.addAll(b);
        return a;
    }

    @Override
    public Object result(ArrayList<T> elements) {
        return input(elements, null);
    }

    /** The elements themselves, read-only: they are the function's input, not one value made of them. */
    @Override
    public List<T> input(ArrayList<T> elements, OneResult<Object> one) {
        return Collections.unmodifiableList(elements);
    }

    @Override
    public ContentsState state() {
        return ContentsState.ELEMENTS;
    }
}
