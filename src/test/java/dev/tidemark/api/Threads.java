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
}
