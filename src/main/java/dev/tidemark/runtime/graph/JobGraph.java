package dev.tidemark.runtime.graph;

import java.util.List;

/**
 * The planned job: vertices in topological order (every vertex after the vertices it reads from).
 *
 * @param vertices the vertices
 */
public record JobGraph(List<JobVertex> vertices) {}
