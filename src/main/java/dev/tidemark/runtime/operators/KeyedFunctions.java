package dev.tidemark.runtime.operators;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.functions.CoFlatMapFunction;
import dev.tidemark.api.functions.CoMapFunction;
import dev.tidemark.api.functions.CoProcessFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FilterFunction;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.KeyedProcessFunction;
import dev.tidemark.api.functions.MapFunction;
import dev.tidemark.api.functions.ProcessFunction;
import dev.tidemark.api.functions.RichFunction;
import dev.tidemark.api.functions.RuntimeContext;
import dev.tidemark.api.functions.TimeDomain;
import dev.tidemark.api.functions.TimerService;

/**
 * Rich {@code map}, {@code flatMap} and {@code filter} functions on a keyed stream, and rich
 * {@code map} and {@code flatMap} on connected keyed streams, and process functions on keyed streams, as keyed process functions: as in Flink, such a
 * function runs with its element's key current, so its runtime context gives keyed state (shared by
 * both inputs of connected streams). Results keep their input's timestamp.
 */
public final class KeyedFunctions {

    private KeyedFunctions() {}

    public static <K, T, R> KeyedProcessFunction<K, T, R> map(MapFunction<T, R> mapper) {
        return new Adapter<>(mapper) {
            @Override
            public void processElement(T value, Context ctx, Collector<R> out) throws Exception {
                out.collect(mapper.map(value));
            }
        };
    }

    public static <K, T, R> KeyedProcessFunction<K, T, R> flatMap(FlatMapFunction<T, R> flatMapper) {
        return new Adapter<>(flatMapper) {
            @Override
            public void processElement(T value, Context ctx, Collector<R> out) throws Exception {
                flatMapper.flatMap(value, out);
            }
        };
    }

    public static <K, T> KeyedProcessFunction<K, T, T> filter(FilterFunction<T> filter) {
        return new Adapter<>(filter) {
            @Override
            public void processElement(T value, Context ctx, Collector<T> out) throws Exception {
                if (filter.filter(value)) {
                    out.collect(value);
                }
            }
        };
    }

    /** A {@link ProcessFunction} on a keyed stream: keyed state and timers, as Flink's legacy keyed process operator. */
    public static <K, T, R> KeyedProcessFunction<K, T, R> process(ProcessFunction<T, R> function) {
        return new ProcessAdapter<>(function);
    }

    private static final class ProcessAdapter<K, T, R> extends Adapter<K, T, R> {
        private static final long serialVersionUID = 1L;
        private final ProcessFunction<T, R> function;
        private transient KeyedProcessFunction<K, T, R>.Context current; // of the call in progress
        private transient ProcessFunction<T, R>.OnTimerContext view; // the user's view of it, made once

        ProcessAdapter(ProcessFunction<T, R> function) {
            super(function);
            this.function = function;
        }

        @Override
        public void processElement(T value, Context ctx, Collector<R> out) throws Exception {
            current = ctx;
            function.processElement(value, view(), out);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<R> out) throws Exception {
            current = ctx;
            function.onTimer(timestamp, view(), out);
        }

        private ProcessFunction<T, R>.OnTimerContext view() {
            if (view == null) {
                view = function.new OnTimerContext() {
                    @Override
                    public long timestamp() {
                        return current.timestamp();
                    }

                    @Override
                    public TimerService timerService() {
                        return current.timerService();
                    }

                    @Override
                    public <X> void output(OutputTag<X> tag, X value) {
                        current.output(tag, value);
                    }

                    @Override
                    public TimeDomain timeDomain() {
                        return current instanceof KeyedProcessFunction<?, ?, ?>.OnTimerContext timer
                                ? timer.timeDomain() : TimeDomain.EVENT_TIME;
                    }
                };
            }
            return view;
        }
    }

    /** A {@link CoProcessFunction} on connected keyed streams: keyed state and timers, as Flink's legacy keyed co-process operator. */
    public static <K, IN1, IN2, R> KeyedCoProcessFunction<K, IN1, IN2, R> coProcess(CoProcessFunction<IN1, IN2, R> function) {
        return new CoProcessAdapter<>(function);
    }

    private static final class CoProcessAdapter<K, IN1, IN2, R> extends CoAdapter<K, IN1, IN2, R> {
        private static final long serialVersionUID = 1L;
        private final CoProcessFunction<IN1, IN2, R> function;
        private transient KeyedCoProcessFunction<K, IN1, IN2, R>.Context current; // of the call in progress
        private transient CoProcessFunction<IN1, IN2, R>.OnTimerContext view; // the user's view of it, made once

        CoProcessAdapter(CoProcessFunction<IN1, IN2, R> function) {
            super(function);
            this.function = function;
        }

        @Override
        public void processElement1(IN1 value, Context ctx, Collector<R> out) throws Exception {
            current = ctx;
            function.processElement1(value, view(), out);
        }

        @Override
        public void processElement2(IN2 value, Context ctx, Collector<R> out) throws Exception {
            current = ctx;
            function.processElement2(value, view(), out);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<R> out) throws Exception {
            current = ctx;
            function.onTimer(timestamp, view(), out);
        }

        private CoProcessFunction<IN1, IN2, R>.OnTimerContext view() {
            if (view == null) {
                view = function.new OnTimerContext() {
                    @Override
                    public long timestamp() {
                        return current.timestamp();
                    }

                    @Override
                    public TimerService timerService() {
                        return current.timerService();
                    }

                    @Override
                    public <X> void output(OutputTag<X> tag, X value) {
                        current.output(tag, value);
                    }

                    @Override
                    public TimeDomain timeDomain() {
                        return current instanceof KeyedCoProcessFunction<?, ?, ?, ?>.OnTimerContext timer
                                ? timer.timeDomain() : TimeDomain.EVENT_TIME;
                    }
                };
            }
            return view;
        }
    }

    public static <K, IN1, IN2, R> KeyedCoProcessFunction<K, IN1, IN2, R> coMap(CoMapFunction<IN1, IN2, R> mapper) {
        return new CoAdapter<>(mapper) {
            @Override
            public void processElement1(IN1 value, Context ctx, Collector<R> out) throws Exception {
                out.collect(mapper.map1(value));
            }

            @Override
            public void processElement2(IN2 value, Context ctx, Collector<R> out) throws Exception {
                out.collect(mapper.map2(value));
            }
        };
    }

    public static <K, IN1, IN2, R> KeyedCoProcessFunction<K, IN1, IN2, R> coFlatMap(
            CoFlatMapFunction<IN1, IN2, R> flatMapper) {
        return new CoAdapter<>(flatMapper) {
            @Override
            public void processElement1(IN1 value, Context ctx, Collector<R> out) throws Exception {
                flatMapper.flatMap1(value, out);
            }

            @Override
            public void processElement2(IN2 value, Context ctx, Collector<R> out) throws Exception {
                flatMapper.flatMap2(value, out);
            }
        };
    }

    /** Opens and closes the user's function with the keyed runtime context. */
    private abstract static class Adapter<K, T, R> extends KeyedProcessFunction<K, T, R> {
        private static final long serialVersionUID = 1L;
        private final Object function;

        Adapter(Object function) {
            this.function = function;
        }

        @Override
        public void open(RuntimeContext context) throws Exception {
            super.open(context);
            openUserFunction(function, context);
        }

        @Override
        public void close() throws Exception {
            closeUserFunction(function);
        }
    }

    /** As {@link Adapter}, for two inputs. */
    private abstract static class CoAdapter<K, IN1, IN2, R> extends KeyedCoProcessFunction<K, IN1, IN2, R> {
        private static final long serialVersionUID = 1L;
        private final Object function;

        CoAdapter(Object function) {
            this.function = function;
        }

        @Override
        public void open(RuntimeContext context) throws Exception {
            super.open(context);
            openUserFunction(function, context);
        }

        @Override
        public void close() throws Exception {
            closeUserFunction(function);
        }
    }

    private static void openUserFunction(Object function, RuntimeContext context) throws Exception {
        if (function instanceof RichFunction rich) {
            rich.open(context);
        }
    }

    private static void closeUserFunction(Object function) throws Exception {
        if (function instanceof RichFunction rich) {
            rich.close();
        }
    }
}
