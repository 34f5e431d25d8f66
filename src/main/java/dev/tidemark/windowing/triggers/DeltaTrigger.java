package dev.tidemark.windowing.triggers;

import dev.tidemark.api.typeinfo.TypeSerializer;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.windowing.delta.DeltaFunction;
import dev.tidemark.windowing.windows.Window;
import java.util.Objects;

/**
 * Fires when an element is more than {@code threshold} away from the element of the window's last
 * firing, as Flink's trigger of the same name: the window's first element is only remembered, and
 * each firing element becomes the new reference. Time does not fire it; pair it with an evictor (a
 * {@link dev.tidemark.windowing.evictors.TimeEvictor} on {@code GlobalWindows}, say) to bound what a
 * firing sees.
 *
 * @param <T> the element type
 * @param <W> the window type
 */
public final class DeltaTrigger<T, W extends Window> extends Trigger<T, W> {

    private static final long serialVersionUID = 1L;

    private final double threshold;
    private final DeltaFunction<T> deltaFunction;
    private final ValueStateDescriptor<T> reference;

    private DeltaTrigger(double threshold, DeltaFunction<T> deltaFunction, ValueStateDescriptor<T> reference) {
        this.threshold = threshold;
        this.deltaFunction = Objects.requireNonNull(deltaFunction, "delta function must not be null");
        this.reference = reference;
    }

    /**
     * A trigger firing when {@code deltaFunction(reference, element) > threshold}.
     *
     * @param stateSerializer how the reference element is kept, as in Flink
     *     ({@code stream.getType().createSerializer(env.getConfig())})
     */
    public static <T, W extends Window> DeltaTrigger<T, W> of(double threshold, DeltaFunction<T> deltaFunction,
            TypeSerializer<T> stateSerializer) {
        Objects.requireNonNull(stateSerializer, "state serializer must not be null");
        return new DeltaTrigger<>(threshold, deltaFunction, new ValueStateDescriptor<>("last-element", stateSerializer));
    }

    @Override
    public TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) {
        ValueState<T> last = ctx.getPartitionedState(reference);
        if (last.value() == null) {
            last.update(element);
            return TriggerResult.CONTINUE;
        }
        if (deltaFunction.getDelta(last.value(), element) > threshold) {
            last.update(element);
            return TriggerResult.FIRE;
        }
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public void clear(W window, TriggerContext ctx) {
        ctx.getPartitionedState(reference).clear();
    }

    @Override
    public String toString() {
        return "DeltaTrigger(" + deltaFunction + ", " + threshold + ")";
    }
}
