package dev.tidemark.runtime.graph;

import dev.tidemark.api.OutputTag;
import java.util.List;
import java.util.Map;

/**
 * One operator of a chain with the operators that consume its main output and its side outputs.
 *
 * @param transformation the operator's node
 * @param mainConsumers operators fed by its main output
 * @param sideConsumers operators fed by each of its side outputs
 */
public record PlanNode(
        OneInputTransformation<?, ?> transformation,
        List<PlanNode> mainConsumers,
        Map<OutputTag<?>, List<PlanNode>> sideConsumers) {}
