package dev.tidemark.ports;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichFlatMapFunction;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.typeinfo.TypeHint;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;

/**
 * Keyed state from a rich function: per key, the average of every two values, after which the
 * key's count and sum start again.
 */
public class CountWindowAverage extends RichFlatMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {

    /** Count and running sum of the key's values since the last average. */
    private transient ValueState<Tuple2<Long, Long>> sum;

    @Override
    public void flatMap(Tuple2<Long, Long> input, Collector<Tuple2<Long, Long>> out) throws Exception {
        Tuple2<Long, Long> current = sum.value();
        if (current == null) {
            current = Tuple2.of(0L, 0L);
        }
        current.f0 += 1;
        current.f1 += input.f1;
        sum.update(current);
        if (current.f0 >= 2) {
            out.collect(new Tuple2<>(input.f0, current.f1 / current.f0));
            sum.clear();
        }
    }

    @Override
    public void open(OpenContext ctx) {
        ValueStateDescriptor<Tuple2<Long, Long>> descriptor = new ValueStateDescriptor<>("average",
                TypeInformation.of(new TypeHint<Tuple2<Long, Long>>() {}));
        sum = getRuntimeContext().getState(descriptor);
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromElements(Tuple2.of(1L, 3L), Tuple2.of(1L, 5L), Tuple2.of(1L, 7L), Tuple2.of(2L, 4L),
                        Tuple2.of(1L, 4L), Tuple2.of(2L, 2L), Tuple2.of(1L, 2L))
                .keyBy(value -> value.f0)
                .flatMap(new CountWindowAverage())
                .print();
        env.execute("Count window average");
    }
}
