package dev.tidemark.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything that reached one stream under a {@link TestDriver}: records with timestamps, forwarded
 * watermarks and status changes, in the order they arrived.
 *
 * <p>Threading: the driver's thread. Lists returned are snapshots.
 *
 * @param <T> the record type
 */
public final class TestSink<T> {

    private final List<StreamEvent<T>> events = new ArrayList<>();
    private boolean ended;

    TestSink() {}

    void add(StreamEvent<T> event) {
        events.add(event);
    }

    void end() {
        ended = true;
    }

    /** Records and watermarks (and status changes) interleaved, as the stream carried them. */
    public List<StreamEvent<T>> events() {
        return List.copyOf(events);
    }

    /** The records, in arrival order. */
    public List<T> records() {
        List<T> values = new ArrayList<>();
        for (StreamEvent<T> e : events) {
            if (e instanceof StreamEvent.Record<T> r) {
                values.add(r.value());
            }
        }
        return values;
    }

    /** The records with their timestamps, in arrival order. */
    public List<StreamEvent.Record<T>> timestampedRecords() {
        List<StreamEvent.Record<T>> records = new ArrayList<>();
        for (StreamEvent<T> e : events) {
            if (e instanceof StreamEvent.Record<T> r) {
                records.add(r);
            }
        }
        return records;
    }

    /** The watermarks that reached the stream, in order. */
    public List<Long> watermarks() {
        List<Long> marks = new ArrayList<>();
        for (StreamEvent<T> e : events) {
            if (e instanceof StreamEvent.Mark<T> m) {
                marks.add(m.timestamp());
            }
        }
        return marks;
    }

    /** Whether the stream's input has ended. */
    public boolean isEnded() {
        return ended;
    }

    /** Forgets what was seen so far, so a test can assert on the output of its next step alone. */
    public void clear() {
        events.clear();
    }
}
