package dev.tidemark.api;

import java.util.List;

/** Finds threads a job left behind. */
final class Threads {

    private Threads() {}

    /** Names of live threads that Tidemark started. */
    static List<String> tidemarkThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> name.startsWith("tidemark-"))
                .sorted()
                .toList();
    }

    /** Joins every live thread that Tidemark started, each for at most {@code timeout}. */
    static void awaitTidemarkThreadsEnded(java.time.Duration timeout) throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("tidemark-")) {
                thread.join(timeout.toMillis());
            }
        }
    }
}
