package dev.tidemark.testing;

import dev.tidemark.api.StreamExecutionEnvironment;

/**
 * Runs a program whose own {@code main} calls {@code StreamExecutionEnvironment.getExecutionEnvironment()}
 * and {@code execute()} on an environment the test chooses, as Flink's
 * {@code TestStreamEnvironment.setAsContext} does:
 *
 * <pre>{@code
 * TestStreamEnvironment.setAsContext(2);
 * try {
 *     WordCount.main(new String[0]);
 * } finally {
 *     TestStreamEnvironment.unsetAsContext();
 * }
 * }</pre>
 *
 * <p>The context is global to the JVM: tests that set it must not run concurrently.
 */
public final class TestStreamEnvironment {

    private TestStreamEnvironment() {}

    /** Programs get a local environment of {@code parallelism}. */
    public static void setAsContext(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be positive: parallelism=" + parallelism);
        }
        StreamExecutionEnvironment.initializeContextEnvironment(
                configuration -> StreamExecutionEnvironment.createLocalEnvironment(parallelism));
    }

    /** Programs get the default environment again. */
    public static void unsetAsContext() {
        StreamExecutionEnvironment.resetContextEnvironment();
    }
}
