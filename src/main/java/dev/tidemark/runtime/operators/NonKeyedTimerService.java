package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.TimerService;
import java.util.function.LongSupplier;

/** The {@link TimerService} of operators on non-keyed streams: time is readable, timers are refused. */
final class NonKeyedTimerService implements TimerService {

    private final OperatorContext<?> context;
    private final LongSupplier currentWatermark;

    NonKeyedTimerService(OperatorContext<?> context, LongSupplier currentWatermark) {
        this.context = context;
        this.currentWatermark = currentWatermark;
    }

    @Override
    public long currentProcessingTime() {
        return context.timeService().currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return currentWatermark.getAsLong();
    }

    @Override
    public void registerEventTimeTimer(long time) {
        throw unsupported();
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        throw unsupported();
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        throw unsupported();
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        throw unsupported();
    }

    private UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("timers must be used on a keyed stream: operator="
                + context.operatorName() + "; call keyBy(...) before process(...)");
    }
}
