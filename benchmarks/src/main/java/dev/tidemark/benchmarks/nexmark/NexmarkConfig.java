package dev.tidemark.benchmarks.nexmark;

import java.io.Serializable;

/**
 * What the generator makes, with NEXMark's defaults ({@link #defaults()}): the proportions of
 * persons, auctions and bids (1 : 3 : 46), the event rate that spaces event times, the average
 * sizes, how hot the hot auctions, sellers and bidders are, how many auctions are open and how many
 * people active, and the out-of-order group size.
 *
 * @param events how many events in all
 * @param seed the seed every event's values derive from, with its number
 * @param baseTime the event time of event 0, epoch milliseconds
 * @param eventsPerSecond the event-time rate: event {@code n} happens at {@code baseTime + n / rate}
 * @param outOfOrderGroupSize events are shuffled within groups of this many (1: in order)
 */
public record NexmarkConfig(long events, long seed, long baseTime, double eventsPerSecond, int personProportion,
        int auctionProportion, int bidProportion, int avgPersonByteSize, int avgAuctionByteSize, int avgBidByteSize,
        int hotAuctionRatio, int hotSellersRatio, int hotBiddersRatio, int numInFlightAuctions, int numActivePeople,
        int outOfOrderGroupSize) implements Serializable {

    /** Ids start here, so that queries find matches even in small data sets. */
    public static final long FIRST_PERSON_ID = 1000;
    public static final long FIRST_AUCTION_ID = 1000;
    public static final long FIRST_CATEGORY_ID = 10;

    public NexmarkConfig {
        if (events < 0 || eventsPerSecond <= 0 || outOfOrderGroupSize < 1) {
            throw new IllegalArgumentException("events must not be negative, the rate must be positive and the"
                    + " out-of-order group at least 1: events=" + events + ", eventsPerSecond=" + eventsPerSecond
                    + ", outOfOrderGroupSize=" + outOfOrderGroupSize);
        }
    }

    /**
     * NEXMark's defaults: 10,000 events per second of event time, persons, auctions and bids 1 : 3 : 46,
     * average sizes 200, 500 and 100 bytes, hot ratios 2, 4 and 4, 100 auctions in flight, 1,000
     * active people, events in order; event time starts at 2026-01-01T00:00Z.
     */
    public static NexmarkConfig defaults(long events, long seed) {
        return new NexmarkConfig(events, seed, 1_767_225_600_000L, 10_000, 1, 3, 46, 200, 500, 100, 2, 4, 4, 100, 1000,
                1);
    }

    /** This configuration with events shuffled within groups of {@code size}. */
    public NexmarkConfig withOutOfOrderGroupSize(int size) {
        return new NexmarkConfig(events, seed, baseTime, eventsPerSecond, personProportion, auctionProportion,
                bidProportion, avgPersonByteSize, avgAuctionByteSize, avgBidByteSize, hotAuctionRatio, hotSellersRatio,
                hotBiddersRatio, numInFlightAuctions, numActivePeople, size);
    }

    /** This configuration at {@code rate} events per second of event time. */
    public NexmarkConfig withEventsPerSecond(double rate) {
        return new NexmarkConfig(events, seed, baseTime, rate, personProportion, auctionProportion, bidProportion,
                avgPersonByteSize, avgAuctionByteSize, avgBidByteSize, hotAuctionRatio, hotSellersRatio,
                hotBiddersRatio, numInFlightAuctions, numActivePeople, outOfOrderGroupSize);
    }

    int totalProportion() {
        return personProportion + auctionProportion + bidProportion;
    }

    /** Microseconds of event time between two events. */
    double interEventDelayMicros() {
        return 1_000_000.0 / eventsPerSecond;
    }
}
