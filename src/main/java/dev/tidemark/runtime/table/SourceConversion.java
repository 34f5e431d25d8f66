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
 * timestamp for each metadata column, then each computed column. Field accessors are found once per
 * element class.
 */
final class SourceConversion<T> extends ProcessFunction<T, Object[]> {

    private static final long serialVersionUID = 1L;

    private final List<String> physical;
    private final List<DataType.Root> metadata; // the type of each metadata column, in order
    private final List<Bound> computed; // over the physical and metadata columns
    private transient Class<?> readerClass;
    private transient List<JavaFields.JavaField> readers;
    private transient List<Evaluation> computations;
    private transient Clock clock;

    SourceConversion(List<String> physical, List<DataType.Root> metadata, List<Bound> computed) {
        this.physical = List.copyOf(physical);
        this.metadata = List.copyOf(metadata);
        this.computed = List.copyOf(computed);
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
        if (element.getClass() != readerClass) {
            readers = new ArrayList<>();
            for (String name : physical) {
                readers.add(JavaFields.named(element.getClass(), name));
            }
            readerClass = element.getClass();
        }
        Object[] row = new Object[physical.size() + metadata.size() + computed.size()];
        int at = 0;
        for (JavaFields.JavaField reader : readers) {
            row[at++] = reader.read(element);
        }
        for (DataType.Root root : metadata) {
            if (!ctx.hasTimestamp()) {
                throw new IllegalArgumentException("fromDataStream: a metadata column needs the record's timestamp, and"
                        + " this record has none; assign timestamps before turning the stream into a table");
            }
            row[at++] = Evaluator.timestampOf(ctx.timestamp(), root);
        }
        for (Evaluation computation : computations) {
            row[at++] = computation.apply(row);
        }
        out.collect(row);
    }
}
