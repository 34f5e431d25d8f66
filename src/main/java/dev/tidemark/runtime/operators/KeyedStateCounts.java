package dev.tidemark.runtime.operators;

/**
 * How much keyed state and how many timers one operator instance holds, for tests (the test
 * driver's {@code numKeyedStateEntries}, as Flink's operator test harness has it).
 */
public interface KeyedStateCounts {

    /** Values in every keyed state of the operator: one per key and namespace (window), per state. */
    long numKeyedStateEntries();

    int numEventTimeTimers();

    int numProcessingTimeTimers();

    /** The counts of an operator that keeps its windows in tables of its own, not in keyed state. */
    static KeyedStateCounts notKept(String operatorName) {
        return new KeyedStateCounts() {
            private UnsupportedOperationException refused() {
                return new UnsupportedOperationException("the operator keeps its windows in tables of its own, not "
                        + "per key in keyed state, so it cannot count keyed state entries or timers as Flink's "
                        + "window operator has them: operator=" + operatorName);
            }

            @Override
            public long numKeyedStateEntries() {
                throw refused();
            }

            @Override
            public int numEventTimeTimers() {
                throw refused();
            }

            @Override
            public int numProcessingTimeTimers() {
                throw refused();
            }
        };
    }
}
