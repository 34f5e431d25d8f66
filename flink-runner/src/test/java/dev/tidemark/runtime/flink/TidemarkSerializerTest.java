package dev.tidemark.runtime.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.tuple.Tuple2;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** Every value the runner moves through Flink comes back equal, records and strings written directly. */
class TidemarkSerializerTest {

    record Reading(String sensor, long time, double value, int count, boolean ok, float scale, Long boxed,
            Inner inner) implements Serializable {}

    record Inner(String name, List<String> tags) implements Serializable {}

    /** Not a record, not a string: Java serialization. */
    static final class Plain implements Serializable {
        final int[] numbers;

        Plain(int... numbers) {
            this.numbers = numbers;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Plain p && Arrays.equals(p.numbers, numbers);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(numbers);
        }
    }

    private static Object roundTrip(Object value) throws Exception {
        TidemarkSerializer<Object> serializer = new TidemarkSerializer<>();
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(value, out);
        serializer.serialize("after", out); // values follow one another in a stream
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        DataOutputSerializer copied = new DataOutputSerializer(64);
        serializer.copy(in, copied);
        serializer.copy(in, copied);
        DataInputDeserializer again = new DataInputDeserializer(copied.getCopyOfBuffer());
        Object read = serializer.deserialize(again);
        assertThat(serializer.deserialize(again)).isEqualTo("after");
        assertThat(serializer.copy(value)).isEqualTo(value);
        return read;
    }

    @Test
    void recordsStringsNumbersAndOtherValuesComeBackEqual() throws Exception {
        List<Object> values = new ArrayList<>(List.of("text", 42L, 7, 2.5, true,
                new Reading("boiler", 1_700_000_000_000L, 72.1, 3, true, 0.5f, null, new Inner("x", List.of("a", "b"))),
                new Reading("intake", -1, Double.NaN, 0, false, 1f, 9L, null),
                Tuple2.of("k", 1L), new Plain(1, 2, 3), List.of(1, 2)));
        values.add(null);
        for (Object value : values) {
            assertThat(roundTrip(value)).as("%s", value).isEqualTo(value);
        }
    }

    @Test
    void aRecordIsWrittenByItsFieldsNotAsAnObjectStream() throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        new TidemarkSerializer<>().serialize(new Reading("s", 1, 2, 3, true, 1f, 5L, null), out);
        assertThat(out.length()).as("tag, class name, fields").isLessThan(200);
    }
}
