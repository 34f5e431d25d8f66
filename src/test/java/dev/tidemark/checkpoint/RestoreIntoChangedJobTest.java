package dev.tidemark.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A restore that would silently drop state is refused, naming the operator; allowing it is explicit. */
class RestoreIntoChangedJobTest {

    /** A running sum per key: (key, sum) as "key=sum". */
    private static SingleOutputStreamOperator<String> sums(DataStream<Long> in, KeySelector<Long, Object> key,
            String uid) {
        SingleOutputStreamOperator<Long> summed = in.keyBy(key).reduce(Long::sum);
        if (uid != null) {
            summed.uid(uid);
        }
        return summed.map(s -> "sum=" + s);
    }

    private static JobSnapshot firstRun(Function<DataStream<Long>, DataStream<String>> program) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("numbers", Long.class);
            TestSink<String> out = driver.sink(program.apply(in.stream()));
            driver.start();
            in.emit(1L, 1).emit(2L, 2);
            assertThat(out.records()).containsExactly("sum=1", "sum=3");
            return driver.snapshot();
        }
    }

    private static TestSink<String> restore(JobSnapshot snapshot, Function<DataStream<Long>, DataStream<String>> program,
            boolean allowNonRestoredState, long next) {
        TestDriver driver = TestDriver.create();
        driver.env().getCheckpointConfig().setAllowNonRestoredState(allowNonRestoredState);
        TestSource<Long> in = driver.source("numbers", Long.class);
        TestSink<String> out = driver.sink(program.apply(in.stream()));
        driver.start(snapshot);
        in.emit(next, 3);
        return out;
    }

    @Test
    void changedUid_isRefused_namingTheStateLeftBehind() {
        JobSnapshot snapshot = firstRun(in -> sums(in, n -> "k", "sum-v1"));
        assertThatThrownBy(() -> restore(snapshot, in -> sums(in, n -> "k", "sum-v2"), false, 4L))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unclaimed=sum-v1 [").hasMessageContaining("keyed state]")
                .hasMessageContaining("setAllowNonRestoredState(true)");
    }

    @Test
    void changedUid_withNonRestoredStateAllowed_startsThatOperatorAfresh() {
        JobSnapshot snapshot = firstRun(in -> sums(in, n -> "k", "sum-v1"));
        assertThat(restore(snapshot, in -> sums(in, n -> "k", "sum-v2"), true, 4L).records()).containsExactly("sum=4");
    }

    @Test
    void operatorInsertedBeforeAStatefulOneWithoutUids_isRefused() {
        JobSnapshot snapshot = firstRun(in -> sums(in, n -> "k", null));
        assertThatThrownBy(() -> restore(snapshot, in -> sums(in.filter(n -> n > 0), n -> "k", null), false, 4L))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unclaimed=operator-");
    }

    @Test
    void sameUids_restoreAndGoOn() {
        JobSnapshot snapshot = firstRun(in -> sums(in, n -> "k", "sum"));
        assertThat(restore(snapshot, in -> sums(in.filter(n -> n > 0), n -> "k", "sum"), false, 4L).records())
                .as("an operator added before it does not move a uid").containsExactly("sum=7");
    }

    @Test
    void changedKeyType_failsAtTheFirstKey_namingBothTypesAndTheOperator() {
        JobSnapshot snapshot = firstRun(in -> sums(in, n -> "k", "sum"));
        assertThatThrownBy(() -> restore(snapshot, in -> sums(in, n -> 'k', "sum"), false, 4L))
                .isInstanceOf(JobExecutionException.class)
                .rootCause().hasMessageContaining("key type must be the one the restored state was saved with:"
                        + " restored key class=java.lang.String, key class=java.lang.Character");
    }

    /** Keeps the last element per key in a ValueState of the declared type. */
    static final class Last<T> extends dev.tidemark.api.functions.KeyedProcessFunction<String, Long, String> {
        private final Class<T> type;
        private final dev.tidemark.api.functions.MapFunction<Long, T> convert;
        private transient dev.tidemark.state.ValueState<T> last;

        Last(Class<T> type, dev.tidemark.api.functions.MapFunction<Long, T> convert) {
            this.type = type;
            this.convert = convert;
        }

        @Override
        public void open(dev.tidemark.api.functions.RuntimeContext context) {
            last = context.getState(new dev.tidemark.state.ValueStateDescriptor<>("last", type));
        }

        @Override
        public void processElement(Long value, Context ctx, dev.tidemark.api.functions.Collector<String> out)
                throws Exception {
            out.collect("sum=" + last.value());
            last.update(convert.map(value));
        }
    }

    @Test
    void changedStateType_failsAtRestore_namingTheState() {
        JobSnapshot snapshot = firstRunOf(in -> in.keyBy(n -> "k").process(new Last<>(Long.class, n -> n)).uid("last"));
        assertThatThrownBy(() -> restore(snapshot,
                in -> in.keyBy(n -> "k").process(new Last<>(String.class, String::valueOf)).uid("last"), false, 4L))
                .isInstanceOf(JobExecutionException.class)
                .rootCause().hasMessageContaining("restored state must be of the type the program declares: state=last,"
                        + " declared=java.lang.String, restored=java.lang.Long");
    }

    private static JobSnapshot firstRunOf(Function<DataStream<Long>, DataStream<String>> program) {
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Long> in = driver.source("numbers", Long.class);
            driver.sink(program.apply(in.stream()));
            driver.start();
            in.emit(1L, 1).emit(2L, 2);
            return driver.snapshot();
        }
    }
}
