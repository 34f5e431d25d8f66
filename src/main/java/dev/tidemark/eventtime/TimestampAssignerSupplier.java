package dev.tidemark.eventtime;

import java.io.Serializable;

/**
 * Creates a {@link TimestampAssigner} for one parallel instance of an operator or one source split:
 * for assigners that keep state of their own, or that need what {@link Context} offers.
 *
 * @param <T> the element type
 */
@FunctionalInterface
public interface TimestampAssignerSupplier<T> extends Serializable {

    /** Creates a fresh assigner; called once per parallel instance or split. */
    TimestampAssigner<T> createTimestampAssigner(Context context);

    /** What the runtime offers an assigner when it is created: the same as a watermark generator gets. */
    interface Context extends WatermarkGeneratorSupplier.Context {}

    /** A supplier that hands out {@code assigner} itself (it is copied per instance with its strategy). */
    static <T> TimestampAssignerSupplier<T> of(SerializableTimestampAssigner<T> assigner) {
        return context -> assigner;
    }
}
