package dev.tidemark.connectors.kafka;

import java.io.Serializable;

/** Where a {@link KafkaSource} starts reading each partition. */
public sealed interface StartingOffsets extends Serializable {

    /** The oldest record still in the partition. */
    record Earliest() implements StartingOffsets {}

    /** After the last record present when the job starts. */
    record Latest() implements StartingOffsets {}

    /** The consumer group's committed offset; earliest where the group has none. */
    record Committed() implements StartingOffsets {}

    /**
     * The first record with a timestamp at or after {@code timestampMillis}; latest where there is none.
     *
     * @param timestampMillis epoch milliseconds
     */
    record Timestamp(long timestampMillis) implements StartingOffsets {}

    static StartingOffsets earliest() {
        return new Earliest();
    }

    static StartingOffsets latest() {
        return new Latest();
    }

    static StartingOffsets committed() {
        return new Committed();
    }

    static StartingOffsets timestamp(long timestampMillis) {
        return new Timestamp(timestampMillis);
    }
}
