package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.api.functions.TimerService;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichCoGroupFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.functions.co.RichCoFlatMapFunction;
import org.apache.flink.streaming.api.functions.co.RichCoMapFunction;
import org.apache.flink.util.Collector;

/**
 * Tidemark's functions over two inputs behind Flink's: the co-functions of connected streams, the
 * interval join's and the window co-group's. A function's exception fails the job naming its
 * operator ({@code OperatorException}).
 */
final class CoAdapters {

    private CoAdapters() {}

    /** {@code connect(..).map(..)}. */
    static final class Map<I1, I2, O> extends RichCoMapFunction<I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.CoMapFunction<I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;

        Map(dev.tidemark.api.functions.CoMapFunction<I1, I2, O> function, TypeInformation<O> type, String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public O map1(I1 value) {
            try {
                return function.map1(value);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public O map2(I2 value) {
            try {
                return function.map2(value);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** {@code connect(..).flatMap(..)}. */
    static final class FlatMap<I1, I2, O> extends RichCoFlatMapFunction<I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.CoFlatMapFunction<I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;

        private transient Forward<O> out;

        FlatMap(dev.tidemark.api.functions.CoFlatMapFunction<I1, I2, O> function, TypeInformation<O> type,
                String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            out = new Forward<>();
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void flatMap1(I1 value, Collector<O> collector) {
            try {
                function.flatMap1(value, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void flatMap2(I2 value, Collector<O> collector) {
            try {
                function.flatMap2(value, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** {@code connect(..).process(CoProcessFunction)} on streams that are not keyed; its context is made once. */
    static final class Process<I1, I2, O> extends org.apache.flink.streaming.api.functions.co.CoProcessFunction<I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.CoProcessFunction<I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Context flinkContext;
        private transient dev.tidemark.api.functions.CoProcessFunction<I1, I2, O>.Context context;
        private transient Forward<O> out;

        Process(dev.tidemark.api.functions.CoProcessFunction<I1, I2, O> function, TypeInformation<O> type,
                String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            out = new Forward<>();
            context = function.new Context() {
                @Override
                public long timestamp() {
                    return ProcessAdapters.timestamp(flinkContext.timestamp());
                }

                @Override
                public TimerService timerService() {
                    return ProcessAdapters.timers(flinkContext.timerService());
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> tag, X value) {
                    flinkContext.output(ProcessAdapters.tag(tag), value);
                }
            };
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void processElement1(I1 value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement1(value, context, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void processElement2(I2 value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement2(value, context, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /**
     * A function over two keyed inputs, with keyed state and timers. Its Tidemark contexts and
     * collector are made once and read the Flink ones at hand, as {@link ProcessAdapters.Keyed}'s.
     */
    static final class Keyed<K, I1, I2, O> extends KeyedCoProcessFunction<K, I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.KeyedCoProcessFunction<K, I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Context flinkContext;
        private transient OnTimerContext flinkTimerContext;
        private transient TimerService timers;
        private transient dev.tidemark.api.functions.KeyedCoProcessFunction<K, I1, I2, O>.Context context;
        private transient dev.tidemark.api.functions.KeyedCoProcessFunction<K, I1, I2, O>.OnTimerContext timerContext;
        private transient Forward<O> out;

        Keyed(dev.tidemark.api.functions.KeyedCoProcessFunction<K, I1, I2, O> function, TypeInformation<O> type,
                String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            out = new Forward<>();
            context = function.new Context() {
                @Override
                public long timestamp() {
                    return ProcessAdapters.timestamp(flinkContext.timestamp());
                }

                @Override
                public TimerService timerService() {
                    return timers(flinkContext.timerService());
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> tag, X value) {
                    flinkContext.output(ProcessAdapters.tag(tag), value);
                }

                @Override
                public K getCurrentKey() {
                    return flinkContext.getCurrentKey();
                }
            };
            timerContext = function.new OnTimerContext() {
                @Override
                public long timestamp() {
                    return ProcessAdapters.timestamp(flinkTimerContext.timestamp());
                }

                @Override
                public TimerService timerService() {
                    return timers(flinkTimerContext.timerService());
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> tag, X value) {
                    flinkTimerContext.output(ProcessAdapters.tag(tag), value);
                }

                @Override
                public K getCurrentKey() {
                    return flinkTimerContext.getCurrentKey();
                }

                @Override
                public dev.tidemark.api.functions.TimeDomain timeDomain() {
                    return ProcessAdapters.domain(flinkTimerContext.timeDomain());
                }
            };
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        private TimerService timers(org.apache.flink.streaming.api.TimerService flink) {
            if (timers == null) {
                timers = ProcessAdapters.timers(flink);
            }
            return timers;
        }

        @Override
        public void processElement1(I1 value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement1(value, context, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void processElement2(I2 value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement2(value, context, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> collector) {
            flinkTimerContext = ctx;
            try {
                function.onTimer(timestamp, timerContext, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** The interval join's function, for each matching pair; its context is made once. */
    static final class Join<I1, I2, O> extends ProcessJoinFunction<I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.ProcessJoinFunction<I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Context flinkContext;
        private transient dev.tidemark.api.functions.ProcessJoinFunction<I1, I2, O>.Context context;
        private transient Forward<O> out;

        Join(dev.tidemark.api.functions.ProcessJoinFunction<I1, I2, O> function, TypeInformation<O> type,
                String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            out = new Forward<>();
            context = function.new Context() {
                @Override
                public long getLeftTimestamp() {
                    return flinkContext.getLeftTimestamp();
                }

                @Override
                public long getRightTimestamp() {
                    return flinkContext.getRightTimestamp();
                }

                @Override
                public long getTimestamp() {
                    return flinkContext.getTimestamp();
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> tag, X value) {
                    flinkContext.output(ProcessAdapters.tag(tag), value);
                }
            };
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void processElement(I1 left, I2 right, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement(left, right, context, out.to(collector));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** A window co-group's function (a window join's too), once per key and window. */
    static final class CoGroup<I1, I2, O> extends RichCoGroupFunction<I1, I2, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.CoGroupFunction<I1, I2, O> function;
        private final TypeInformation<O> type;
        private final String operator;

        CoGroup(dev.tidemark.api.functions.CoGroupFunction<I1, I2, O> function, TypeInformation<O> type, String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void coGroup(Iterable<I1> first, Iterable<I2> second, Collector<O> out) {
            try {
                function.coGroup(first, second, out::collect);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<O> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }
}
