package dev.tidemark.eventtime;

import java.io.Serializable;

/**
 * Creates a {@link WatermarkGenerator} for one parallel instance of an operator or one source split.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface WatermarkGeneratorSupplier<T> extends Serializable {

    /** Creates a fresh generator; called once per parallel instance. */
    WatermarkGenerator<T> createWatermarkGenerator(Context context);

    /** What the runtime offers a generator when it is created. */
    interface Context {

        /**
         * The processing-time clock of the task that runs the generator, in epoch milliseconds.
         * Under the test driver this is the driver's virtual time, which makes idleness
         * detection deterministic.
         */
        long currentProcessingTime();
    }
}
