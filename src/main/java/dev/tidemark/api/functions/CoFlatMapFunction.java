package dev.tidemark.api.functions;

import java.io.Serializable;

/** Turns each element of two connected streams into zero or more results. Copied per parallel instance. */
public interface CoFlatMapFunction<IN1, IN2, OUT> extends Serializable {

    void flatMap1(IN1 value, Collector<OUT> out) throws Exception;

    void flatMap2(IN2 value, Collector<OUT> out) throws Exception;
}
