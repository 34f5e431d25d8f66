package dev.tidemark.benchmarks.nexmark;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.function.ToLongFunctionEx;
import com.hazelcast.jet.Traversers;
import com.hazelcast.jet.aggregate.AggregateOperation;
import com.hazelcast.jet.aggregate.AggregateOperation1;
import com.hazelcast.jet.aggregate.AggregateOperations;
import com.hazelcast.jet.datamodel.KeyedWindowResult;
import com.hazelcast.jet.pipeline.BatchSource;
import com.hazelcast.jet.pipeline.Pipeline;
import com.hazelcast.jet.pipeline.Sink;
import com.hazelcast.jet.pipeline.SinkBuilder;
import com.hazelcast.jet.pipeline.SourceBuilder;
import com.hazelcast.jet.pipeline.StreamStage;
import com.hazelcast.jet.pipeline.WindowDefinition;
import dev.tidemark.benchmarks.Result;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The queries Hazelcast Jet's pipeline API expresses directly, written as a Jet user would, over
 * the same events with the same 4 s lag, into the same {@link Answers}: q0, q1, q2, q5, q7, q8 and
 * q11. Not here: q3, q4, q6 and q9 join a stream with state kept per key until an event-time
 * expiry, for which Jet has no timers (its stateful mapping evicts by time since a key's last
 * event); q12 needs processing-time windows, which Jet does not have.
 */
public final class JetNexmark {

    private static final Q7HighestBid.HighestBids HIGHEST = new Q7HighestBid.HighestBids();
    private static final Map<NexmarkQuery, BiConsumer<StreamStage<NexmarkEvent>, Sink<Object>>> QUERIES =
            new EnumMap<>(NexmarkQuery.class);
    /**
     * When each query's result is complete in event time, from its columns, as the Tidemark query
     * timestamps it (a window's last millisecond), since Jet's sinks do not see timestamps: for
     * {@link NexmarkLatency}. q2's results hold no time.
     */
    private static final Map<NexmarkQuery, ToLongFunctionEx<Object>> RESULT_TIMES = new EnumMap<>(NexmarkQuery.class);

    static {
        QUERIES.put(NexmarkQuery.q0, (events, sink) -> bids(events).writeTo(sink));
        QUERIES.put(NexmarkQuery.q1, (events, sink) -> bids(events)
                .map(b -> new Q1CurrencyConversion.EuroBid(b.auction(), b.bidder(), 0.908 * b.price(),
                        b.dateTime(), b.extra()))
                .writeTo(sink));
        QUERIES.put(NexmarkQuery.q2, (events, sink) -> bids(events)
                .filter(b -> b.auction() % 123 == 0)
                .map(b -> new Q2Selection.AuctionPrice(b.auction(), b.price()))
                .writeTo(sink));
        QUERIES.put(NexmarkQuery.q5, (events, sink) -> bids(events)
                .groupingKey(Bid::auction)
                .window(WindowDefinition.sliding(Q5HotItems.SIZE.toMillis(), Q5HotItems.SLIDE.toMillis()))
                .aggregate(AggregateOperations.counting())
                .map(r -> new Q5HotItems.AuctionCount(r.key(), r.result(), r.start(), r.end()))
                .window(WindowDefinition.tumbling(Q5HotItems.SLIDE.toMillis())) // a sliding window's result is timestamped with its end
                .aggregate(hottest())
                .flatMap(r -> Traversers.traverseIterable(r.result()))
                .writeTo(sink));
        QUERIES.put(NexmarkQuery.q7, (events, sink) -> bids(events)
                .window(WindowDefinition.tumbling(Q7HighestBid.SIZE.toMillis()))
                .aggregate(AggregateOperation.withCreate(HIGHEST::createAccumulator)
                        .<Bid>andAccumulate((highest, bid) -> HIGHEST.add(bid, highest))
                        .andCombine(HIGHEST::merge)
                        .andExportFinish(HIGHEST::getResult))
                .flatMap(r -> Traversers.traverseIterable(r.result()))
                .writeTo(sink));
        QUERIES.put(NexmarkQuery.q8, (events, sink) -> events
                .flatMap(e -> Traversers.singleton(e instanceof Person p ? p : null))
                .groupingKey(Person::id)
                .window(WindowDefinition.tumbling(Q8MonitorNewUsers.SIZE_MILLIS))
                .aggregate2(AggregateOperations.toList(),
                        auctions(events).groupingKey(Auction::seller), AggregateOperations.counting())
                .flatMap(r -> r.result().f1() == 0 ? Traversers.empty()
                        : Traversers.traverseIterable(r.result().f0())
                                .map(p -> new Q8MonitorNewUsers.NewSeller(p.id(), p.name(), r.start())))
                .writeTo(sink));
        QUERIES.put(NexmarkQuery.q11, (events, sink) -> bids(events)
                .groupingKey(Bid::bidder)
                .window(WindowDefinition.session(Q11UserSessions.GAP.toMillis()))
                .aggregate(AggregateOperations.counting())
                .map(r -> new Q11UserSessions.Session(r.key(), r.result(), r.start(), r.end()))
                .writeTo(sink));

        RESULT_TIMES.put(NexmarkQuery.q0, r -> ((Bid) r).dateTime());
        RESULT_TIMES.put(NexmarkQuery.q1, r -> ((Q1CurrencyConversion.EuroBid) r).dateTime());
        RESULT_TIMES.put(NexmarkQuery.q5, r -> ((Q5HotItems.AuctionCount) r).end() - 1);
        RESULT_TIMES.put(NexmarkQuery.q7, r -> Q7HighestBid.lastMillisOfWindow(((Bid) r).dateTime()));
        RESULT_TIMES.put(NexmarkQuery.q8, r -> ((Q8MonitorNewUsers.NewSeller) r).windowStart()
                + Q8MonitorNewUsers.SIZE_MILLIS - 1);
        RESULT_TIMES.put(NexmarkQuery.q11, r -> ((Q11UserSessions.Session) r).end() - 1);
    }

    private JetNexmark() {}

    /** Whether the query is written on Jet. */
    public static boolean expresses(NexmarkQuery query) {
        return QUERIES.containsKey(query);
    }

    /** Whether the query's results on Jet tell the time they stand for, so that their latency is measured. */
    static boolean timesResults(NexmarkQuery query) {
        return RESULT_TIMES.containsKey(query);
    }

    /**
     * Runs the query on {@code member} at {@code parallelism}.
     *
     * @throws IllegalArgumentException if the query is not written on Jet
     */
    public static Result run(HazelcastInstance member, NexmarkQuery query, NexmarkConfig config, int parallelism) {
        return run(member, query, config, parallelism, 0);
    }

    /**
     * Runs the query with the source limited to {@code wallEventsPerSecond} over all its instances
     * (0: unlimited), handing each result's time to {@link Latencies} where it has one.
     */
    static Result run(HazelcastInstance member, NexmarkQuery query, NexmarkConfig config, int parallelism,
            double wallEventsPerSecond) {
        BiConsumer<StreamStage<NexmarkEvent>, Sink<Object>> writer = Optional.ofNullable(QUERIES.get(query))
                .orElseThrow(() -> new IllegalArgumentException(query + " is not written on Jet"));
        Answers.reset();
        Pipeline pipeline = Pipeline.create();
        StreamStage<NexmarkEvent> events = pipeline.readFrom(source(config, parallelism, wallEventsPerSecond))
                .setLocalParallelism(parallelism)
                .addTimestamps(NexmarkEvent::dateTime, NexmarkStreams.OUT_OF_ORDERNESS.toMillis());
        ToLongFunctionEx<Object> resultTime = RESULT_TIMES.getOrDefault(query, r -> Long.MIN_VALUE);
        writer.accept(events, SinkBuilder.sinkBuilder("answers", ctx -> Boolean.TRUE)
                .receiveFn((Boolean any, Object result) -> {
                    Answers.add(result);
                    if (Latencies.recording()) {
                        Latencies.record(resultTime.applyAsLong(result));
                    }
                }).build());
        member.getJet().newJob(pipeline).join();
        return Answers.result();
    }

    /**
     * The generator's events, instance {@code k} of {@code p} emitting {@code k, k + p, ...}; a batch,
     * so every window closes at its end. Rate-limited, an instance emits only the events that are
     * due on the {@link WallClock} (Jet's sources must not block).
     */
    private static BatchSource<NexmarkEvent> source(NexmarkConfig config, int parallelism, double wallEventsPerSecond) {
        return SourceBuilder
                .batch("nexmark", ctx -> new Position(new NexmarkGenerator(config), ctx.globalProcessorIndex(),
                        ctx.totalParallelism()))
                .<NexmarkEvent>fillBufferFn((at, buffer) -> {
                    long origin = wallEventsPerSecond > 0 ? WallClock.start() : 0;
                    for (int n = 0; n < 1024 && at.next < config.events(); n++, at.next += at.step) {
                        if (wallEventsPerSecond > 0
                                && WallClock.due(origin, at.next, wallEventsPerSecond) > System.nanoTime()) {
                            return;
                        }
                        buffer.add(at.generator.event(at.next));
                    }
                    if (at.next >= config.events()) {
                        if (wallEventsPerSecond > 0) {
                            Latencies.sourceFinished();
                        }
                        buffer.close();
                    }
                })
                .distributed(parallelism)
                .build();
    }

    /** A source instance's generator and the next event it emits. */
    private static final class Position {
        final NexmarkGenerator generator;
        final long step;
        long next;

        Position(NexmarkGenerator generator, long first, long step) {
            this.generator = generator;
            this.next = first;
            this.step = step;
        }
    }

    private static StreamStage<Bid> bids(StreamStage<NexmarkEvent> events) {
        return events.flatMap(e -> Traversers.singleton(e instanceof Bid b ? b : null));
    }

    private static StreamStage<Auction> auctions(StreamStage<NexmarkEvent> events) {
        return events.flatMap(e -> Traversers.singleton(e instanceof Auction a ? a : null));
    }

    /** The counts of a window that equal its largest, as Q5's {@code Hottest}. */
    private static AggregateOperation1<Q5HotItems.AuctionCount, List<Q5HotItems.AuctionCount>,
            List<Q5HotItems.AuctionCount>> hottest() {
        return AggregateOperation.withCreate(() -> (List<Q5HotItems.AuctionCount>) new ArrayList<Q5HotItems.AuctionCount>())
                .<Q5HotItems.AuctionCount>andAccumulate(JetNexmark::offer)
                .andCombine((a, b) -> b.forEach(count -> offer(a, count)))
                .andExportFinish(a -> a);
    }

    private static void offer(List<Q5HotItems.AuctionCount> hottest, Q5HotItems.AuctionCount count) {
        long max = hottest.isEmpty() ? 0 : hottest.get(0).count();
        if (count.count() > max) {
            hottest.clear();
        }
        if (count.count() >= max) {
            hottest.add(count);
        }
    }
}
