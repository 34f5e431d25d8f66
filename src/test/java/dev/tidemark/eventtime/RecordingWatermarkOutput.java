package dev.tidemark.eventtime;

import java.util.ArrayList;
import java.util.List;

/** Records what a generator emits, exactly as emitted (no filtering), for unit tests. */
final class RecordingWatermarkOutput implements WatermarkOutput {

    final List<Object> events = new ArrayList<>();

    @Override
    public void emitWatermark(Watermark watermark) {
        events.add(watermark.timestamp());
    }

    @Override
    public void markIdle() {
        events.add("IDLE");
    }

    @Override
    public void markActive() {
        events.add("ACTIVE");
    }

    List<Object> drain() {
        List<Object> copy = List.copyOf(events);
        events.clear();
        return copy;
    }
}
