package dev.tidemark.api;

/** Creates the environment {@link StreamExecutionEnvironment#getExecutionEnvironment()} returns while set as context. */
@FunctionalInterface
public interface StreamExecutionEnvironmentFactory {

    StreamExecutionEnvironment createExecutionEnvironment(Configuration configuration);
}
