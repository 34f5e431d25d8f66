package dev.tidemark.runtime.flink;

import dev.tidemark.runtime.operators.OperatorException;
import dev.tidemark.state.KeyedStateStore;
import dev.tidemark.state.State;
import dev.tidemark.state.StateDescriptor;
import dev.tidemark.windowing.triggers.TriggerResult;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.api.windowing.windows.Window;
import org.apache.flink.util.Collector;

/**
 * A Tidemark window function, trigger and evictor behind Flink's, on Flink's window operator: Flink's
 * windows become Tidemark's of the same bounds on the way in, and a trigger's results and state go
 * back one to one.
 */
final class WindowAdapters {

    private WindowAdapters() {}

    /** The Tidemark window of a Flink window: the same bounds, or the global window. */
    @SuppressWarnings("unchecked")
    static <W extends dev.tidemark.windowing.windows.Window> W window(Window flink) {
        if (flink instanceof TimeWindow time) {
            return (W) new dev.tidemark.windowing.windows.TimeWindow(time.getStart(), time.getEnd());
        }
        if (flink instanceof GlobalWindow) {
            return (W) dev.tidemark.windowing.windows.GlobalWindow.get();
        }
        throw new IllegalArgumentException("the Flink runner knows time windows and the global window, not "
                + flink.getClass().getName());
    }

    /** The window function, which gets every element, or the one result of a reduce or aggregate. */
    static final class Process<IN, OUT, K, W extends dev.tidemark.windowing.windows.Window>
            extends org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction<IN, OUT, K, Window>
            implements ResultTypeQueryable<OUT>, FunctionAdapters.Checkpointed {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.functions.ProcessWindowFunction<IN, OUT, K, W> function;
        private final TypeInformation<OUT> type;
        private final String operator;

        Process(dev.tidemark.api.functions.ProcessWindowFunction<IN, OUT, K, W> function, TypeInformation<OUT> type,
                String operator) {
            this.function = function;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public void open(OpenContext context) throws Exception {
            FlinkRuntimeContext.open(function, getRuntimeContext());
        }

        @Override
        public void process(K key, Context context, Iterable<IN> elements, Collector<OUT> out) {
            try {
                function.process(key, context(context), elements, out::collect);
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        @Override
        public void clear(Context context) {
            try {
                function.clear(context(context));
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
        }

        private dev.tidemark.api.functions.ProcessWindowFunction<IN, OUT, K, W>.Context context(Context flink) {
            W window = window(flink.window());
            return function.new Context() {
                @Override
                public W window() {
                    return window;
                }

                @Override
                public long currentProcessingTime() {
                    return flink.currentProcessingTime();
                }

                @Override
                public long currentWatermark() {
                    return flink.currentWatermark();
                }

                @Override
                public KeyedStateStore windowState() {
                    return FlinkStates.store(FlinkStates.of(flink.windowState()), operator);
                }

                @Override
                public KeyedStateStore globalState() {
                    return FlinkStates.store(FlinkStates.of(flink.globalState()), operator);
                }

                @Override
                public <X> void output(dev.tidemark.api.OutputTag<X> tag, X value) {
                    flink.output(ProcessAdapters.tag(tag), value);
                }
            };
        }

        @Override
        public void close() throws Exception {
            FlinkRuntimeContext.close(function);
        }

        @Override
        public TypeInformation<OUT> getProducedType() {
            return type;
        }

        @Override
        public Object function() {
            return function;
        }
    }

    /** A trigger the program set: Tidemark's own runs on Flink's trigger context. */
    static final class Trigger<T, W extends dev.tidemark.windowing.windows.Window>
            extends org.apache.flink.streaming.api.windowing.triggers.Trigger<T, Window> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.windowing.triggers.Trigger<T, W> trigger;
        private final String operator;

        Trigger(dev.tidemark.windowing.triggers.Trigger<T, W> trigger, String operator) {
            this.trigger = trigger;
            this.operator = operator;
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onElement(T element, long timestamp,
                Window window, TriggerContext ctx) throws Exception {
            return result(trigger.onElement(element, timestamp, window(window), context(ctx)));
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onProcessingTime(long time, Window window,
                TriggerContext ctx) throws Exception {
            return result(trigger.onProcessingTime(time, window(window), context(ctx)));
        }

        @Override
        public org.apache.flink.streaming.api.windowing.triggers.TriggerResult onEventTime(long time, Window window,
                TriggerContext ctx) throws Exception {
            return result(trigger.onEventTime(time, window(window), context(ctx)));
        }

        @Override
        public boolean canMerge() {
            return trigger.canMerge();
        }

        @Override
        public void onMerge(Window window, OnMergeContext ctx) throws Exception {
            trigger.onMerge(window(window), new Context(ctx, ctx));
        }

        @Override
        public void clear(Window window, TriggerContext ctx) throws Exception {
            trigger.clear(window(window), context(ctx));
        }

        private Context context(TriggerContext flink) {
            return new Context(flink, null);
        }

        /** Flink's trigger context as Tidemark's; a merge's, which also merges state, when {@code merging} is set. */
        private final class Context implements dev.tidemark.windowing.triggers.Trigger.OnMergeContext {
            private final TriggerContext flink;
            private final OnMergeContext merging;

            Context(TriggerContext flink, OnMergeContext merging) {
                this.flink = flink;
                this.merging = merging;
            }

            @Override
            public long getCurrentProcessingTime() {
                return flink.getCurrentProcessingTime();
            }

            @Override
            public long getCurrentWatermark() {
                return flink.getCurrentWatermark();
            }

            @Override
            public void registerProcessingTimeTimer(long time) {
                flink.registerProcessingTimeTimer(time);
            }

            @Override
            public void registerEventTimeTimer(long time) {
                flink.registerEventTimeTimer(time);
            }

            @Override
            public void deleteProcessingTimeTimer(long time) {
                flink.deleteProcessingTimeTimer(time);
            }

            @Override
            public void deleteEventTimeTimer(long time) {
                flink.deleteEventTimeTimer(time);
            }

            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public <S extends State> S getPartitionedState(StateDescriptor<S> descriptor) {
                Object state = flink.getPartitionedState(
                        (org.apache.flink.api.common.state.StateDescriptor) FlinkStates.descriptor(descriptor, operator));
                return FlinkStates.wrap(state, descriptor);
            }

            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            public void mergePartitionedState(StateDescriptor<?> descriptor) {
                if (merging == null) {
                    throw new IllegalStateException("state is merged only while windows merge: trigger of operator '"
                            + operator + "'");
                }
                merging.mergePartitionedState((org.apache.flink.api.common.state.StateDescriptor)
                        FlinkStates.descriptor(descriptor, operator));
            }
        }

        private static org.apache.flink.streaming.api.windowing.triggers.TriggerResult result(TriggerResult result) {
            return org.apache.flink.streaming.api.windowing.triggers.TriggerResult.valueOf(result.name());
        }
    }

    /** An evictor the program set: it sees Flink's window contents as Tidemark's, and removes from them. */
    static final class Evictor<T, W extends dev.tidemark.windowing.windows.Window>
            implements org.apache.flink.streaming.api.windowing.evictors.Evictor<T, Window> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.windowing.evictors.Evictor<T, W> evictor;

        Evictor(dev.tidemark.windowing.evictors.Evictor<T, W> evictor) {
            this.evictor = evictor;
        }

        @Override
        public void evictBefore(Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<T>> elements,
                int size, Window window, EvictorContext ctx) {
            evictor.evictBefore(contents(elements), size, window(window), context(ctx));
        }

        @Override
        public void evictAfter(Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<T>> elements,
                int size, Window window, EvictorContext ctx) {
            evictor.evictAfter(contents(elements), size, window(window), context(ctx));
        }

        private static dev.tidemark.windowing.evictors.Evictor.EvictorContext context(EvictorContext flink) {
            return new dev.tidemark.windowing.evictors.Evictor.EvictorContext() {
                @Override
                public long getCurrentProcessingTime() {
                    return flink.getCurrentProcessingTime();
                }

                @Override
                public long getCurrentWatermark() {
                    return flink.getCurrentWatermark();
                }
            };
        }

        /** Flink's contents, read as Tidemark's values; a removal through the iterator removes from Flink's. */
        private static <T> Iterable<dev.tidemark.windowing.evictors.TimestampedValue<T>> contents(
                Iterable<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<T>> flink) {
            return () -> new java.util.Iterator<>() {
                private final java.util.Iterator<org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<T>>
                        it = flink.iterator();

                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public dev.tidemark.windowing.evictors.TimestampedValue<T> next() {
                    org.apache.flink.streaming.runtime.operators.windowing.TimestampedValue<T> value = it.next();
                    return new dev.tidemark.windowing.evictors.TimestampedValue<>(value.getValue(),
                            value.hasTimestamp() ? value.getTimestamp() : Long.MIN_VALUE);
                }

                @Override
                public void remove() {
                    it.remove();
                }
            };
        }
    }
}
