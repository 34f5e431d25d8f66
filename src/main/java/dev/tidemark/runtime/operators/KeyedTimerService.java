package dev.tidemark.runtime.operators;

import dev.tidemark.api.functions.TimerService;
import dev.tidemark.runtime.state.VoidNamespace;
import dev.tidemark.runtime.timers.InternalTimerService;

/** The user-facing {@link TimerService} of a keyed function: timers of the current key. */
final class KeyedTimerService implements TimerService {

    private final InternalTimerService<?, VoidNamespace> timers;

    KeyedTimerService(InternalTimerService<?, VoidNamespace> timers) {
        this.timers = timers;
    }

    @Override
    public long currentProcessingTime() {
        return timers.currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public void registerEventTimeTimer(long time) {
        timers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        timers.deleteProcessingTimeTimer(VoidNamespace.INSTANCE, time);
    }
}
