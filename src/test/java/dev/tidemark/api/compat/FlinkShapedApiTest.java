package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.Configuration;
import dev.tidemark.api.DataStreamSource;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.AllWindowFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.api.functions.RichFlatMapFunction;
import dev.tidemark.api.functions.RichMapFunction;
import dev.tidemark.api.functions.WindowFunction;
import dev.tidemark.api.tuple.Tuple;
import dev.tidemark.api.tuple.Tuple2;
import dev.tidemark.api.tuple.Tuple3;
import dev.tidemark.api.typeinfo.TypeHint;
import dev.tidemark.api.typeinfo.TypeInformation;
import dev.tidemark.api.typeinfo.Types;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import dev.tidemark.windowing.time.Time;
import dev.tidemark.windowing.windows.TimeWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Flink-shaped parts of the API: tuples, field aggregations, rich functions, window functions, {@code Time}. */
class FlinkShapedApiTest {

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.create().setParallelism(1);
    }

    @Test
    void tuples_areValues_byPositionAndByName() {
        Tuple3<String, Integer, int[]> t = Tuple3.of("a", 1, new int[] {1, 2});
        assertThat(t.toString()).isEqualTo("(a,1,[1, 2])");
        assertThat(Tuple2.of("a", 1)).isEqualTo(new Tuple2<>("a", 1)).hasSameHashCodeAs(Tuple2.of("a", 1))
                .isNotEqualTo(Tuple2.of("a", 2));
        assertThat(Tuple2.of("a", 1).swap()).isEqualTo(Tuple2.of(1, "a"));
        Tuple copy = t.copy();
        copy.setField(5, 1);
        assertThat((Integer) copy.getField(1)).isEqualTo(5);
        assertThat(t.f1).as("a copy is a new tuple").isEqualTo(1);
        assertThat(Tuple.newInstance(25).getArity()).isEqualTo(25);
        assertThat(Tuple.getTupleClass(0).getSimpleName()).isEqualTo("Tuple0");
        assertThatThrownBy(() -> t.getField(3)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("tuple has no field at position 3: arity=3");
    }

    @Test
    void keyedSum_byPositionAndName_keepsTheFirstElementsOtherFields() throws Exception {
        List<Tuple3<String, Integer, String>> input = List.of(Tuple3.of("a", 1, "x"), Tuple3.of("b", 5, "y"),
                Tuple3.of("a", 2, "z"));
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).sum(1).executeAndCollect())
                .containsExactly(Tuple3.of("a", 1, "x"), Tuple3.of("b", 5, "y"), Tuple3.of("a", 3, "x"));
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).sum("f1").executeAndCollect())
                .containsExactly(Tuple3.of("a", 1, "x"), Tuple3.of("b", 5, "y"), Tuple3.of("a", 3, "x"));
    }

    @Test
    void minReplacesTheField_minByKeepsTheWholeElement_firstOrLastOnTies() throws Exception {
        List<Tuple3<String, Integer, String>> input = List.of(Tuple3.of("k", 3, "first"), Tuple3.of("k", 1, "second"),
                Tuple3.of("k", 1, "third"), Tuple3.of("k", 2, "fourth"));
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).min(1).executeAndCollect()).extracting(Object::toString)
                .containsExactly("(k,3,first)", "(k,1,first)", "(k,1,first)", "(k,1,first)");
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).minBy(1).executeAndCollect()).extracting(Object::toString)
                .containsExactly("(k,3,first)", "(k,1,second)", "(k,1,second)", "(k,1,second)");
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).minBy(1, false).executeAndCollect())
                .extracting(Object::toString)
                .containsExactly("(k,3,first)", "(k,1,second)", "(k,1,third)", "(k,1,third)");
        assertThat(env().fromCollection(input).keyBy(t -> t.f0).maxBy("f1").executeAndCollect())
                .extracting(Object::toString)
                .containsExactly("(k,3,first)", "(k,3,first)", "(k,3,first)", "(k,3,first)");
    }

    /** A POJO as Flink defines one: public no-argument constructor, public fields; not serializable. */
    public static class Reading {
        public String sensor;
        public double value;

        public Reading() {}

        Reading(String sensor, double value) {
            this.sensor = sensor;
            this.value = value;
        }

        @Override
        public String toString() {
            return sensor + "=" + value;
        }
    }

    record Sale(String shop, long amount) {}

    @Test
    void fieldAggregations_onPojosAndRecords_leaveTheEmittedElementsAlone() throws Exception {
        List<Reading> sums = env().fromElements(new Reading("s", 1.5), new Reading("s", 2.0)).keyBy(r -> r.sensor)
                .sum("value").executeAndCollect();
        assertThat(sums).extracting(Object::toString).containsExactly("s=1.5", "s=3.5");
        assertThat(env().fromElements(new Sale("x", 2), new Sale("x", 3)).keyBy(Sale::shop).sum(1).executeAndCollect())
                .containsExactly(new Sale("x", 2), new Sale("x", 5));
        assertThatThrownBy(() -> env().fromElements(new Reading("s", 1), new Reading("s", 2)).keyBy(r -> r.sensor)
                .sum(1).executeAndCollect())
                .hasStackTraceContaining("a field position must be used on tuples or records: type="
                        + Reading.class.getName() + ", position=1; name the field instead");
    }

    private static final WatermarkStrategy<Tuple2<String, Long>> BY_F1 = WatermarkStrategy
            .<Tuple2<String, Long>>forMonotonousTimestamps().withTimestampAssigner((t, previous) -> t.f1);

    @Test
    void windowedFieldAggregations_andWindowFunctions_seeFlinksWindowShape() throws Exception {
        List<Tuple2<String, Long>> input = List.of(Tuple2.of("a", 1L), Tuple2.of("a", 4L), Tuple2.of("b", 6L),
                Tuple2.of("a", 7L));
        assertThat(env().fromCollection(input).assignTimestampsAndWatermarks(BY_F1).keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Time.milliseconds(5))).sum(1).executeAndCollect())
                .as("a window's keys in the order they came").containsExactly(Tuple2.of("a", 5L), Tuple2.of("b", 6L),
                        Tuple2.of("a", 7L));

        WindowFunction<Tuple2<String, Long>, String, String, TimeWindow> describe = (key, window, elements, out) -> {
            long count = 0;
            for (Tuple2<String, Long> ignored : elements) {
                count++;
            }
            out.collect(key + " " + window.getStart() + ".." + window.getEnd() + " " + count + " " + window);
        };
        assertThat(env().fromCollection(input).assignTimestampsAndWatermarks(BY_F1).keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Time.milliseconds(5))).apply(describe).executeAndCollect())
                .containsExactly("a 0..5 2 TimeWindow{start=0, end=5}", "b 5..10 1 TimeWindow{start=5, end=10}",
                        "a 5..10 1 TimeWindow{start=5, end=10}");

        AllWindowFunction<Tuple2<String, Long>, String, TimeWindow> largest = (window, elements, out) -> {
            Tuple2<String, Long> max = null;
            for (Tuple2<String, Long> t : elements) {
                max = max == null || t.f1 > max.f1 ? t : max;
            }
            out.collect(window.getStart() + ":" + max);
        };
        assertThat(env().fromCollection(input).assignTimestampsAndWatermarks(BY_F1)
                .windowAll(TumblingEventTimeWindows.of(Time.milliseconds(5))).apply(largest).executeAndCollect())
                .containsExactly("0:(a,4)", "5:(a,7)");
        assertThat(env().fromCollection(input).assignTimestampsAndWatermarks(BY_F1)
                .windowAll(TumblingEventTimeWindows.of(Time.milliseconds(5))).maxBy(1).executeAndCollect())
                .containsExactly(Tuple2.of("a", 4L), Tuple2.of("a", 7L));
    }

    /** Flink 1.x style: open(Configuration), the context from getRuntimeContext(). */
    static final class Tagged extends RichMapFunction<String, String> {
        private transient String tag;

        @Override
        public void open(Configuration parameters) {
            tag = getRuntimeContext().getIndexOfThisSubtask() + "/" + getRuntimeContext().getNumberOfParallelSubtasks();
        }

        @Override
        public String map(String value) {
            return tag + " " + value;
        }
    }

    /** Flink 1.19+ style: open(OpenContext), keyed state from getRuntimeContext(). */
    static final class CountPerKey extends RichFlatMapFunction<String, Tuple2<String, Long>> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public void flatMap(String value, Collector<Tuple2<String, Long>> out) throws Exception {
            long next = count.value() == null ? 1 : count.value() + 1;
            count.update(next);
            out.collect(Tuple2.of(value, next));
        }
    }

    @Test
    void richFunctions_openEitherWay_andReachTheRuntimeContext() throws Exception {
        assertThat(env().fromElements("x", "y").map(new Tagged()).executeAndCollect()).containsExactly("0/1 x", "0/1 y");
        assertThat(env().fromElements("a", "b", "a").keyBy(s -> s).flatMap(new CountPerKey()).executeAndCollect())
                .containsExactly(Tuple2.of("a", 1L), Tuple2.of("b", 1L), Tuple2.of("a", 2L));
        assertThatThrownBy(() -> new Tagged().getRuntimeContext()).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the runtime context is set when the function is opened");
    }

    @Test
    void typeHints_areKeptInTheGraph_withTheirTypeParameters() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Tuple2<String, Long>> pairs = env.fromElements("a")
                .map(s -> Tuple2.of(s, 1L), Types.TUPLE(Types.STRING, Types.LONG));
        assertThat(pairs.getTransformation().outputTypeInfo()).hasToString("Tuple2<String, Long>")
                .isEqualTo(TypeInformation.of(new TypeHint<Tuple2<String, Long>>() {}));
        SingleOutputStreamOperator<List<Long>> lists = env.fromElements(1L).map(List::of)
                .returns(new TypeHint<List<Long>>() {});
        assertThat(lists.getTransformation().outputTypeInfo()).isEqualTo(Types.LIST(Types.LONG));
        assertThat(new ValueStateDescriptor<>("count", Types.LONG).getType()).isEqualTo(Long.class);
        assertThat(env.fromData(Types.STRING, "a", "b").getTransformation().outputTypeInfo()).isEqualTo(Types.STRING);
        assertThat(env.fromElements(String.class, "a").getTransformation().outputType()).isEqualTo(String.class);
        DataStreamSource<String> source = env.fromData("x");
        SingleOutputStreamOperator<String> asOperator = source; // a source's stream is an operator's stream, as in Flink
        assertThat(asOperator.name("named")).isSameAs(source);
    }

    /** A POJO whose fields are private, with a superclass holding one more, and a nested POJO; not serializable. */
    static class Base {
        private long id;
    }

    static final class Account extends Base {
        private String owner;
        private Reading last;
        private transient String cache = "x";

        void forget() {
            cache = null;
        }

        Account() {}

        Account(long id, String owner, Reading last) {
            setId(id);
            this.owner = owner;
            this.last = last;
        }

        private void setId(long value) {
            ((Base) this).id = value;
        }

        @Override
        public String toString() {
            return ((Base) this).id + ":" + owner + ":" + last + ":" + cache;
        }
    }

    @Test
    void pojosAndRecordsThatAreNotSerializable_areCopiedFieldByField_intoSourcesAndCheckpoints() {
        Account account = new Account(7, "ann", new Reading("s", 2.5));
        account.forget(); // not written: the copy gets the constructor's value
        Object copy = dev.tidemark.runtime.checkpoint.StateBytes.value(
                dev.tidemark.runtime.checkpoint.StateBytes.of(java.util.List.of(account, new Sale("x", 3)), "test"),
                "test");
        assertThat(copy.toString()).as("fields of the class and its superclass; a transient one as the constructor sets it")
                .isEqualTo("[7:ann:s=2.5:x, Sale[shop=x, amount=3]]");
        assertThatThrownBy(() -> env().fromElements(new Object() {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("element must be serializable, a record, or a POJO with a constructor without "
                        + "arguments: index=0");
    }

    /** A plain ProcessFunction with keyed state and an event-time timer, on a keyed stream (Flink's legacy shape). */
    static final class LastPerKey extends dev.tidemark.api.functions.ProcessFunction<Tuple2<String, Long>, String> {
        private transient ValueState<Long> last;

        @Override
        public void open(OpenContext openContext) {
            last = getRuntimeContext().getState(new ValueStateDescriptor<>("last", Long.class));
        }

        @Override
        public void processElement(Tuple2<String, Long> value, Context ctx, Collector<String> out) throws Exception {
            last.update(value.f1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 100);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(timestamp + ":" + last.value() + ":" + ctx.timeDomain());
        }
    }

    @Test
    void aProcessFunctionOnAKeyedStream_hasKeyedStateAndTimers() throws Exception {
        List<Tuple2<String, Long>> input = List.of(Tuple2.of("a", 1L), Tuple2.of("b", 2L), Tuple2.of("a", 3L));
        assertThat(env().fromCollection(input).assignTimestampsAndWatermarks(BY_F1).keyBy(t -> t.f0)
                .process(new LastPerKey()).executeAndCollect())
                .as("each key's timers see its own last value")
                .containsExactly("101:3:EVENT_TIME", "102:2:EVENT_TIME", "103:3:EVENT_TIME");
    }
}
