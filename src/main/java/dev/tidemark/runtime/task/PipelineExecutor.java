package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.graph.Transformation;
import java.util.List;

/** Runs the pipeline an environment built. */
public interface PipelineExecutor {

    /**
     * Plans and starts the pipeline.
     *
     * @throws IllegalStateException if the pipeline cannot be planned
     */
    JobClient executeAsync(String jobName, List<Transformation<?>> transformations, int parallelism,
            ExecutionConfig config, TimeCharacteristic characteristic);
}
