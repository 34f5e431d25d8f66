package dev.tidemark.benchmarks;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One Flink mini cluster per benchmark JVM, started by the first job and kept, so that Flink's rows
 * measure the jobs and not the cluster's start (about a second per job otherwise, which hid Flink's
 * rate on the shorter workloads). A job still pays for its scheduling, as Jet's jobs on their kept
 * member and Tidemark's do for their start. {@code StartupBenchmark} measures the cluster start on
 * purpose, with {@code createLocalEnvironment}.
 */
public final class FlinkCluster {

    private static MiniCluster cluster; // guarded by the class

    private FlinkCluster() {}

    /** Runs the job {@code env} holds on the kept cluster, started on first use. */
    public static void execute(StreamExecutionEnvironment env, String jobName) throws Exception {
        var graph = env.getStreamGraph();
        graph.setJobName(jobName);
        started().executeJobBlocking(graph.getJobGraph());
    }

    private static synchronized MiniCluster started() throws Exception {
        if (cluster == null) {
            MiniCluster started = new MiniCluster(new MiniClusterConfiguration.Builder()
                    .setConfiguration(new Configuration())
                    .setNumTaskManagers(1)
                    .setNumSlotsPerTaskManager(2) // the benchmarks' largest parallelism
                    .build());
            started.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception e) {
                    // the JVM is ending
                }
            }, "flink-cluster-stop"));
            cluster = started;
        }
        return cluster;
    }
}
