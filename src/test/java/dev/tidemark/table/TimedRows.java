package dev.tidemark.table;

import dev.tidemark.testing.TestSink;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** A table's rows as the tests compare them: "12:09:59.999: +I[..]", the record's timestamp as a time of day. */
final class TimedRows {

    private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private TimedRows() {}

    static List<String> of(TestSink<Row> out) {
        return out.timestampedRecords().stream().map(r -> TIME_OF_DAY.format(Instant.ofEpochMilli(r.timestamp()))
                + ": " + r.value()).toList();
    }
}
