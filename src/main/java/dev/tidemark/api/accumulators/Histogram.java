package dev.tidemark.api.accumulators;

import java.util.TreeMap;

/** How often each int was added. */
public class Histogram implements Accumulator<Integer, TreeMap<Integer, Integer>> {

    private static final long serialVersionUID = 1L;

    private TreeMap<Integer, Integer> counts = new TreeMap<>();

    @Override
    public void add(Integer value) {
        counts.merge(value, 1, Integer::sum);
    }

    @Override
    public TreeMap<Integer, Integer> getLocalValue() {
        return counts;
    }

    @Override
    public void resetLocal() {
        counts.clear();
    }

    @Override
    public void merge(Accumulator<Integer, TreeMap<Integer, Integer>> other) {
        other.getLocalValue().forEach((value, count) -> counts.merge(value, count, Integer::sum));
    }

    @Override
    public Histogram clone() {
        Histogram copy = new Histogram();
        copy.counts = new TreeMap<>(counts);
        return copy;
    }

    @Override
    public String toString() {
        return "Histogram " + counts;
    }
}
