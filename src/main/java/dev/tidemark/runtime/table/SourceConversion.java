package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.table.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a stream's elements into table rows: its fields (read by name), then the record's
 * timestamp for each metadata column a query reads (left NULL for one it does not), then each
 * computed column.
 */
final class SourceConversion<T> extends ProcessFunction<T, Object[]> {

    private static final long serialVersionUID = 1L;

    private final FieldReaders physical;
    private final List<DataType.Root> metadata; // the type of each metadata column, in order; null: not read
    private final List<Bound> computed; // over the physical and metadata columns
    private final boolean stamps; // whether any metadata column is read
    private transient List<Evaluation> computations;
    private transient Clock clock;
    // the last metadata timestamp as a value: consecutive records often share a millisecond
    private transient long lastTimestamp = Long.MIN_VALUE;
    private transient Object[] lastTimestampValues;

    SourceConversion(List<String> physical, List<DataType.Root> metadata, List<Bound> computed) {
        this.physical = new FieldReaders(physical);
        this.metadata = new ArrayList<>(metadata); // with nulls
        this.computed = List.copyOf(computed);
        this.stamps = metadata.stream().anyMatch(java.util.Objects::nonNull);
    }

    @Override
    public void processElement(T element, Context ctx, Collector<Object[]> out) throws Exception {
        if (computations == null) {
            clock = new Clock();
            var timers = ctx.timerService();
            clock.readFrom(timers::currentProcessingTime);
            Evaluator evaluator = new Evaluator(clock);
            computations = computed.stream().map(evaluator::compile).toList();
        }
        Object[] row = new Object[physical.size() + metadata.size() + computed.size()];
        int at = 0;
        for (int i = 0; i < physical.size(); i++) {
            row[at++] = physical.read(element, i);
        }
        if (stamps) {
            if (!ctx.hasTimestamp()) {
                throw new IllegalArgumentException("fromDataStream: a metadata column needs the record's timestamp, and"
                        + " this record has none; assign timestamps before turning the stream into a table");
            }
            if (lastTimestampValues == null || ctx.timestamp() != lastTimestamp) {
                lastTimestamp = ctx.timestamp();
                lastTimestampValues = new Object[metadata.size()];
                for (int i = 0; i < lastTimestampValues.length; i++) {
                    DataType.Root root = metadata.get(i);
                    lastTimestampValues[i] = root == null ? null : Evaluator.timestampOf(lastTimestamp, root);
                }
            }
            for (Object value : lastTimestampValues) {
                row[at++] = value;
            }
        } else {
            at += metadata.size();
        }
        for (Evaluation computation : computations) {
            row[at++] = computation.apply(row);
        }
        out.collect(row);
    }
}
