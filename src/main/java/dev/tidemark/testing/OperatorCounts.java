package dev.tidemark.testing;

import dev.tidemark.runtime.operators.KeyedStateCounts;
import dev.tidemark.runtime.task.OperatorChain;
import java.util.ArrayList;
import java.util.List;

/** Finds the keyed-state counts of an operator in every parallel instance the test driver runs. */
final class OperatorCounts {

    private OperatorCounts() {}

    /**
     * @throws IllegalArgumentException naming every operator, if none named {@code operatorName} keeps keyed state
     */
    static List<KeyedStateCounts> of(List<OperatorChain> chains, String operatorName) {
        List<KeyedStateCounts> counts = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (OperatorChain chain : chains) {
            KeyedStateCounts found = chain.keyedStateCounts(operatorName);
            if (found != null) {
                counts.add(found);
            }
            names.addAll(chain.operatorNames());
        }
        if (counts.isEmpty()) {
            throw new IllegalArgumentException("no operator with keyed state is named " + operatorName + ": operators="
                    + names);
        }
        return counts;
    }
}
