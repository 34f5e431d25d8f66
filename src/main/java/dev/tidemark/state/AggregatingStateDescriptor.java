package dev.tidemark.state;

import dev.tidemark.api.functions.AggregateFunction;
import dev.tidemark.api.typeinfo.TypeInformation;
import java.util.Objects;

/** Describes an {@link AggregatingState}. */
public final class AggregatingStateDescriptor<IN, ACC, OUT> extends StateDescriptor<AggregatingState<IN, OUT>> {

    private static final long serialVersionUID = 1L;

    private final AggregateFunction<IN, ACC, OUT> aggregateFunction;
    private final Class<ACC> accumulatorType;

    /** @param accumulatorType as Flink programs declare it; its class is what is kept */
    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggregateFunction,
            TypeInformation<ACC> accumulatorType) {
        this(name, aggregateFunction, Objects.requireNonNull(accumulatorType, "accumulator type must not be null")
                .getTypeClass());
    }

    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggregateFunction,
            Class<ACC> accumulatorType) {
        super(name);
        this.aggregateFunction = Objects.requireNonNull(aggregateFunction, "aggregate function must not be null");
        this.accumulatorType = accumulatorType;
    }

    /** The declared accumulator type; restored accumulators are checked against it. {@code null}: unchecked. */
    public Class<ACC> getAccumulatorType() {
        return accumulatorType;
    }

    public AggregateFunction<IN, ACC, OUT> getAggregateFunction() {
        return aggregateFunction;
    }
}
