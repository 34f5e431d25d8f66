package dev.tidemark.runtime.task;

import dev.tidemark.api.ExecutionConfig;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.TimeCharacteristic;
import dev.tidemark.runtime.graph.ChainPlan;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.PlanNode;
import dev.tidemark.runtime.metrics.MetricRegistry;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.OperatorFactory;
import dev.tidemark.runtime.operators.Output;
import dev.tidemark.runtime.operators.SourceTimeOperator;
import dev.tidemark.runtime.timers.ProcessingTimeService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The operators of one task, wired output to input, and their lifecycle in order: open, end of
 * input and close run from the head of the chain to its ends, so an operator that emits while
 * ending its input still reaches open operators.
 *
 * <p>Threading: built and used on the task thread (the caller's thread under the test driver).
 */
public final class OperatorChain {

    private final List<ChainedOperator<?>> operators = new ArrayList<>();
    private final Output<Object> entry;
    private final ProcessingTimeService timeService;
    private final ExecutionConfig config;
    private final MetricRegistry metrics;

    /**
     * Creates every operator of {@code plan}.
     *
     * @param characteristic the job's time characteristic; anything but event time puts a
     *     {@link SourceTimeOperator} right behind the source
     */
    @SuppressWarnings("unchecked")
    public OperatorChain(ChainPlan plan, ExecutionConfig config, TimeCharacteristic characteristic,
            ProcessingTimeService timeService, MetricRegistry metrics) {
        this.timeService = timeService;
        this.config = config;
        this.metrics = metrics;
        String sourceName = plan.source().name();
        Output<Object> sourceOutput = output(sourceName, plan.consumers(), Map.of());
        if (characteristic == TimeCharacteristic.EVENT_TIME) {
            this.entry = sourceOutput;
        } else {
            String name = sourceName + " [" + characteristic.name().toLowerCase() + "]";
            SourceTimeOperator<Object> op = new SourceTimeOperator<>(characteristic, context(name, sourceOutput));
            ChainedOperator<Object> chained = new ChainedOperator<>(name, op);
            operators.add(0, chained);
            this.entry = new ChainedOutput<>(sourceName, new ChainedOperator[] {chained}, Map.of());
        }
    }

    /** Where the source's elements enter the chain. */
    public Output<Object> entry() {
        return entry;
    }

    public void open() {
        for (ChainedOperator<?> op : operators) {
            op.open();
        }
    }

    public void endInput() {
        for (ChainedOperator<?> op : operators) {
            op.endInput();
        }
    }

    /**
     * Closes every operator, also after a failure.
     *
     * @return the first exception a close threw, others suppressed into it, or {@code null}
     */
    public RuntimeException closeAll() {
        RuntimeException first = null;
        for (ChainedOperator<?> op : operators) {
            try {
                op.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        return first;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private <T> Output<T> output(String emitter, List<PlanNode> main, Map<OutputTag<?>, List<PlanNode>> side) {
        ChainedOperator<T>[] mainTargets = (ChainedOperator<T>[]) chain(main);
        Map<OutputTag<?>, ChainedOperator<?>[]> sideTargets = new HashMap<>();
        side.forEach((tag, nodes) -> sideTargets.put(tag, chain(nodes)));
        return new ChainedOutput<>(emitter, mainTargets, sideTargets);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private ChainedOperator[] chain(List<PlanNode> nodes) {
        ChainedOperator[] chained = new ChainedOperator[nodes.size()];
        for (int i = 0; i < chained.length; i++) {
            chained[i] = chain(nodes.get(i));
        }
        return chained;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private ChainedOperator<?> chain(PlanNode node) {
        int slot = operators.size();
        operators.add(null); // reserve the head-first position before building the consumers
        OneInputTransformation<?, ?> t = node.transformation();
        Output output = output(t.name(), node.mainConsumers(), node.sideConsumers());
        OperatorFactory factory = t.factory();
        ChainedOperator<?> chained = new ChainedOperator<>(t.name(), factory.create(context(t.name(), output)));
        operators.set(slot, chained);
        return chained;
    }

    private <T> OperatorContext<T> context(String name, Output<T> output) {
        return new OperatorContext<>(name, output, new OperatorTimeService(timeService, name), config, 0, 1, metrics);
    }
}
