package dev.tidemark.api.accumulators;

import java.util.ArrayList;

/** Every value added, in the order each instance added them, instances one after another. */
public class ListAccumulator<T> implements Accumulator<T, ArrayList<T>> {

    private static final long serialVersionUID = 1L;

    private ArrayList<T> values = new ArrayList<>();

    @Override
    public void add(T value) {
        values.add(value);
    }

    @Override
    public ArrayList<T> getLocalValue() {
        return values;
    }

    @Override
    public void resetLocal() {
        values.clear();
    }

    @Override
    public void merge(Accumulator<T, ArrayList<T>> other) {
        values.addAll(other.getLocalValue());
    }

    @Override
    public ListAccumulator<T> clone() {
        ListAccumulator<T> copy = new ListAccumulator<>();
        copy.values = new ArrayList<>(values);
        return copy;
    }

    @Override
    public String toString() {
        return "ListAccumulator " + values;
    }
}
