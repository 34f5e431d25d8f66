package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichCoMapFunction;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import org.junit.jupiter.api.Test;

/** Co-functions on connected keyed streams get keyed state, shared by both inputs, as in Flink. */
class ConnectedKeyedStateTest {

    /** Counts per key what came on either input. */
    static final class CountBoth extends RichCoMapFunction<String, Integer, String> {
        private transient ValueState<Integer> seen;

        @Override
        public void open(OpenContext openContext) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Integer.class));
        }

        private int next() throws Exception {
            int count = seen.value() == null ? 1 : seen.value() + 1;
            seen.update(count);
            return count;
        }

        @Override
        public String map1(String value) throws Exception {
            return value + "#" + next();
        }

        @Override
        public String map2(Integer value) throws Exception {
            return value + "#" + next();
        }
    }

    @Test
    void aRichCoMapOnConnectedKeyedStreams_keepsStatePerKeyAcrossBothInputs() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        var letters = env.fromElements("a1", "b1", "a2").keyBy(s -> s.startsWith("a") ? 1 : 2);
        var numbers = env.fromElements(1, 2, 1).keyBy(n -> n);
        assertThat(letters.connect(numbers).map(new CountBoth()).executeAndCollect())
                .extracting(s -> s.substring(s.indexOf('#') + 1))
                .as("key 1 sees a1, a2 and two 1s; key 2 sees b1 and a 2")
                .containsExactlyInAnyOrder("1", "2", "3", "4", "1", "2");
    }
}
