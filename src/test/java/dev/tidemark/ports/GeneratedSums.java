package dev.tidemark.ports;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.connectors.datagen.DataGeneratorSource;
import dev.tidemark.connectors.datagen.GeneratorFunction;
import dev.tidemark.eventtime.WatermarkStrategy;

/** Numbers from a data generator source, summed per residue modulo 3 as they come. */
public class GeneratedSums {

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        GeneratorFunction<Long, Long> squares = index -> index * index;
        DataGeneratorSource<Long> source = new DataGeneratorSource<>(squares, 9, Types.LONG);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "Generator")
                .keyBy(n -> n % 3)
                .sum(0)
                .print();
        env.execute("Generated sums");
    }
}
