package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.FlatMapFunction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import dev.tidemark.eventtime.WatermarkStrategy;
import java.time.Duration;

/**
 * The queries' inputs, as the reference declares them: one stream of events whose event time is
 * {@code dateTime}, with watermarks four seconds behind the largest time seen, split into persons,
 * auctions and bids.
 */
public final class NexmarkStreams {

    /** How far the watermark stays behind: the reference's {@code dateTime - INTERVAL '4' SECOND}. */
    public static final Duration OUT_OF_ORDERNESS = Duration.ofSeconds(4);

    private NexmarkStreams() {}

    /** The generator's events on {@code env}, with their times and watermarks. */
    public static DataStream<NexmarkEvent> events(StreamExecutionEnvironment env, NexmarkSource source) {
        return env.addSource(source, "NEXMark events").assignTimestampsAndWatermarks(
                WatermarkStrategy.<NexmarkEvent>forBoundedOutOfOrderness(OUT_OF_ORDERNESS)
                        .withTimestampAssigner((event, previous) -> event.dateTime()));
    }

    public static DataStream<Bid> bids(DataStream<NexmarkEvent> events) {
        return events.flatMap(new Only<>(Bid.class)).name("bids");
    }

    public static DataStream<Auction> auctions(DataStream<NexmarkEvent> events) {
        return events.flatMap(new Only<>(Auction.class)).name("auctions");
    }

    public static DataStream<Person> persons(DataStream<NexmarkEvent> events) {
        return events.flatMap(new Only<>(Person.class)).name("persons");
    }

    /** The events of one kind. */
    record Only<T extends NexmarkEvent>(Class<T> kind) implements FlatMapFunction<NexmarkEvent, T> {
        @Override
        public void flatMap(NexmarkEvent event, Collector<T> out) {
            if (kind.isInstance(event)) {
                out.collect(kind.cast(event));
            }
        }
    }
}
