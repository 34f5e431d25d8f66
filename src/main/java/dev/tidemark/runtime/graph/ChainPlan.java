package dev.tidemark.runtime.graph;

import java.util.List;

/**
 * What one task runs: a source and the tree of operators chained behind it.
 *
 * @param source the source
 * @param consumers the operators fed by the source
 */
public record ChainPlan(SourceTransformation<?> source, List<PlanNode> consumers) {}
