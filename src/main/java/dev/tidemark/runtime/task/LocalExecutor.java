package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.JobClient;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.graph.Planner;
import dev.tidemark.runtime.graph.Transformation;
import java.util.List;

/** Runs a pipeline on local threads. */
public final class LocalExecutor implements PipelineExecutor {

    @Override
    public JobClient executeAsync(String jobName, List<Transformation<?>> transformations, int parallelism,
            ExecutionConfig config, TimeCharacteristic characteristic) {
        return new LocalJob(jobName, Planner.plan(transformations, parallelism), config, characteristic).start();
    }
}
