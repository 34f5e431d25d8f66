package dev.tidemark.api.functions;

import java.io.Serializable;

/**
 * Maps the elements of two connected streams to one output type; results keep their input's
 * timestamp. Copied per parallel instance.
 */
public interface CoMapFunction<IN1, IN2, OUT> extends Serializable {

    OUT map1(IN1 value) throws Exception;

    OUT map2(IN2 value) throws Exception;
}
