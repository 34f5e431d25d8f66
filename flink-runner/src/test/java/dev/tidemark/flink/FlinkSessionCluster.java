package dev.tidemark.flink;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A Flink session cluster on this machine, started from Flink's Maven artifacts: a JobManager and
 * TaskManagers, each a JVM of its own (the Flink classes, this module and the library are on their
 * class path, as a cluster's {@code lib/} holds them), spoken to over its REST API.
 */
final class FlinkSessionCluster implements AutoCloseable {

    private static final List<String> JVM_OPTIONS = List.of("-Xmx512m", "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED", "--add-opens=java.base/java.net=ALL-UNNAMED");

    private final Path directory;
    private final int restPort;
    private final Process jobManager;
    private final List<Process> taskManagers = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    private FlinkSessionCluster(Path directory, int restPort, Process jobManager) {
        this.directory = directory;
        this.restPort = restPort;
        this.jobManager = jobManager;
    }

    /** The JobManager's process ended: nothing will answer on its port. */
    static final class JobManagerExited extends IllegalStateException {
        JobManagerExited(String message) {
            super(message);
        }
    }

    /**
     * Starts a JobManager and {@code taskManagers} TaskManagers of {@code slots} slots each, and waits
     * for them. The ports are chosen free but bound only later, by the JobManager's own JVM, so
     * another process may take one in between: a JobManager that exits is started again, on new
     * ports, up to three times.
     */
    static FlinkSessionCluster start(Path directory, int taskManagers, int slots) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(directory, taskManagers, slots);
            } catch (JobManagerExited e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static FlinkSessionCluster startOnce(Path directory, int taskManagers, int slots) throws Exception {
        int restPort = freePort();
        Files.writeString(directory.resolve("config.yaml"), String.join("\n",
                "jobmanager.rpc.address: localhost",
                "jobmanager.rpc.port: " + freePort(),
                "jobmanager.bind-host: localhost",
                "rest.address: localhost",
                "rest.bind-address: localhost",
                "rest.port: " + restPort,
                "taskmanager.host: localhost",
                "taskmanager.bind-host: localhost",
                "taskmanager.numberOfTaskSlots: " + slots,
                // what Flink's start scripts would compute and pass to a TaskManager: set, as the JVMs start here
                "taskmanager.cpu.cores: 2",
                "taskmanager.memory.framework.heap.size: 64m",
                "taskmanager.memory.framework.off-heap.size: 64m",
                "taskmanager.memory.task.heap.size: 256m",
                "taskmanager.memory.task.off-heap.size: 0m",
                "taskmanager.memory.network.min: 64m",
                "taskmanager.memory.network.max: 64m",
                "taskmanager.memory.managed.size: 64m",
                "taskmanager.memory.jvm-metaspace.size: 128m",
                "taskmanager.memory.jvm-overhead.min: 64m",
                "taskmanager.memory.jvm-overhead.max: 64m",
                "jobmanager.memory.process.size: 1000m",
                "cluster.evenly-spread-out-slots: true",
                "taskmanager.load-balance.mode: SLOTS",
                "heartbeat.interval: 1000",
                "heartbeat.timeout: 5000",
                "state.checkpoints.dir: " + directory.resolve("checkpoints").toUri(),
                ""));
        FlinkSessionCluster cluster = new FlinkSessionCluster(directory, restPort,
                launch(directory, "jobmanager", "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint"));
        try {
            for (int i = 0; i < taskManagers; i++) {
                cluster.taskManagers.add(launch(directory, "taskmanager-" + i,
                        "org.apache.flink.runtime.taskexecutor.TaskManagerRunner"));
            }
            cluster.await("/taskmanagers", body -> count(body, "\"id\"") >= taskManagers, Duration.ofSeconds(90));
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    private static Process launch(Path directory, String name, String mainClass) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_OPTIONS);
        command.add("-cp");
        command.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
        command.add(mainClass);
        command.add("--configDir");
        command.add(directory.toString());
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".out").toFile()).start();
    }

    int restPort() {
        return restPort;
    }

    /** Kills TaskManager {@code index} at once, as a crash would ({@code SIGKILL}). */
    void killTaskManager(int index) throws InterruptedException {
        Process process = taskManagers.get(index);
        process.destroyForcibly();
        process.waitFor();
    }

    /** The body of {@code GET path} on the REST API. */
    String get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + restPort + path)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    /**
     * Asks {@code path} until its body satisfies {@code until}; the cluster's processes are outside
     * this JVM, so asking again is the only way to see them change.
     */
    String await(String path, Predicate<String> until, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        String body = "";
        while (Instant.now().isBefore(deadline)) {
            if (!jobManager.isAlive()) {
                throw new JobManagerExited("the Flink JobManager exited (" + jobManager.exitValue()
                        + ") while waiting for GET " + path + "\n" + logs());
            }
            try {
                body = get(path);
                if (until.test(body)) {
                    return body;
                }
            } catch (IOException notUpYet) {
                body = notUpYet.toString();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the Flink cluster did not get there within " + timeout + ": GET " + path
                + " gave " + body + "\n" + logs());
    }

    static int count(String text, String part) {
        int count = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) {
            count++;
        }
        return count;
    }

    /** The end of every process's output, for a failure's message. */
    String logs() {
        StringBuilder logs = new StringBuilder();
        try (var files = Files.list(directory)) {
            for (Path log : files.filter(f -> f.toString().endsWith(".out")).sorted().toList()) {
                String text = Files.readString(log);
                logs.append("--- ").append(log.getFileName()).append('\n')
                        .append(text, Math.max(0, text.length() - 3_000), text.length()).append('\n');
            }
        } catch (IOException e) {
            logs.append("(logs unreadable: ").append(e).append(')');
        }
        return logs.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process process : taskManagers) {
            process.destroyForcibly();
            process.waitFor();
        }
        jobManager.destroyForcibly();
        jobManager.waitFor();
    }
}
