package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.api.functions.TimerService;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Tidemark's process functions behind Flink's: a {@code ProcessFunction} and a
 * {@code KeyedProcessFunction}, with their contexts, timers and side outputs carried over one to
 * one. Flink's {@code KeyedProcessFunction} has the same timer and state rules as Tidemark's, so
 * a function behaves the same on both.
 */
final class ProcessAdapters {

    private ProcessAdapters() {}

    /** The Flink tag of a Tidemark side output: the same id, Tidemark's format. */
    static OutputTag<Object> tag(dev.tidemark.api.OutputTag<?> tag) {
        return new OutputTag<>(tag.id(), FlinkTypes.any());
    }

    /** A record's timestamp as Tidemark reads it: {@code Long.MIN_VALUE} for none. */
    static long timestamp(Long flink) {
        return flink == null ? Long.MIN_VALUE : flink;
    }

    static TimerService timers(org.apache.flink.streaming.api.TimerService flink) {
        return new TimerService() {
            @Override
            public long currentProcessingTime() {
                return flink.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return flink.currentWatermark();
            }

            @Override
            public void registerEventTimeTimer(long time) {
                flink.registerEventTimeTimer(time);
            }

            @Override
            public void registerProcessingTimeTimer(long time) {
                flink.registerProcessingTimeTimer(time);
            }

            @Override
            public void deleteEventTimeTimer(long time) {
                flink.deleteEventTimeTimer(time);
            }

            @Override
            public void deleteProcessingTimeTimer(long time) {
                flink.deleteProcessingTimeTimer(time);
            }
        };
    }

    static TimeDomain domain(org.apache.flink.streaming.api.TimeDomain flink) {
        return flink == org.apache.flink.streaming.api.TimeDomain.EVENT_TIME ? TimeDomain.EVENT_TIME : TimeDomain.PROCESSING_TIME;
    }

    /** {@code process(ProcessFunction)} on a stream that is not keyed; its context is made once. */
    static final class Process<I, O> extends org.apache.flink.streaming.api.functions.ProcessFunction<I, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.ProcessFunction<I, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Context flinkContext; // of the element being processed
        private transient dev.tidemark.api.functions.ProcessFunction<I, O>.Context context;
        private transient Forward<O> out;

        Process(dev.tidemark.api.functions.ProcessFunction<I, O> function, TypeInformation<O> type, String operator) {
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
                    flinkContext.output(tag(tag), value);
                }
            };
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void processElement(I value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement(value, context, out.to(collector));
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
     * {@code KeyedStream.process(..)}, and a keyed stream's rich functions, which run as one. Its
     * Tidemark contexts and collector are made once and read the Flink ones of the element or timer
     * at hand: nothing is allocated per element.
     */
    static final class Keyed<K, I, O> extends org.apache.flink.streaming.api.functions.KeyedProcessFunction<K, I, O>
            implements ResultTypeQueryable<O>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.KeyedProcessFunction<K, I, O> function;
        private final TypeInformation<O> type;
        private final String operator;
        private transient Context flinkContext; // of the element being processed
        private transient OnTimerContext flinkTimerContext; // of the timer firing
        private transient TimerService timers; // Flink's timer service of this operator, as Tidemark's
        private transient dev.tidemark.api.functions.KeyedProcessFunction<K, I, O>.Context context;
        private transient dev.tidemark.api.functions.KeyedProcessFunction<K, I, O>.OnTimerContext timerContext;
        private transient Forward<O> out;

        Keyed(dev.tidemark.api.functions.KeyedProcessFunction<K, I, O> function, TypeInformation<O> type,
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
                    flinkContext.output(tag(tag), value);
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
                    flinkTimerContext.output(tag(tag), value);
                }

                @Override
                public K getCurrentKey() {
                    return flinkTimerContext.getCurrentKey();
                }

                @Override
                public TimeDomain timeDomain() {
                    return domain(flinkTimerContext.timeDomain());
                }
            };
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        /** The operator's one timer service, wrapped once. */
        private TimerService timers(org.apache.flink.streaming.api.TimerService flink) {
            if (timers == null) {
                timers = ProcessAdapters.timers(flink);
            }
            return timers;
        }

        @Override
        public void processElement(I value, Context ctx, Collector<O> collector) {
            flinkContext = ctx;
            try {
                function.processElement(value, context, out.to(collector));
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
}
