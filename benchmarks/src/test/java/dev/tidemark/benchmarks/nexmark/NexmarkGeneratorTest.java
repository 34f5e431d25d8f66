package dev.tidemark.benchmarks.nexmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The generator against the reference generator's rules: the proportions, the id, time, price and
 * category rules, how hot the hot auctions, sellers and bidders are, the sizes, and that the events
 * are reproducible and the same at any parallelism.
 */
class NexmarkGeneratorTest {

    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(100_000, 42);

    static List<NexmarkEvent> events(NexmarkConfig config) {
        NexmarkGenerator generator = new NexmarkGenerator(config);
        List<NexmarkEvent> events = new ArrayList<>();
        for (long n = 0; n < config.events(); n++) {
            events.add(generator.event(n));
        }
        return events;
    }

    static final List<NexmarkEvent> EVENTS = events(CONFIG);

    static <T> List<T> only(Class<T> type) {
        return EVENTS.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Test
    void eventNIsAPersonAnAuctionOrABidByNMod50InTheProportions1To3To46() {
        for (int n = 0; n < EVENTS.size(); n++) {
            long rem = n % 50;
            Class<?> expected = rem < 1 ? Person.class : rem < 4 ? Auction.class : Bid.class;
            assertThat(EVENTS.get(n)).as("event %d", n).isInstanceOf(expected);
        }
        assertThat(only(Person.class)).hasSize(2_000);
        assertThat(only(Auction.class)).hasSize(6_000);
        assertThat(only(Bid.class)).hasSize(92_000);
    }

    @Test
    void personAndAuctionIdsCountUpFromTheirFirstIds() {
        assertThat(only(Person.class).stream().map(Person::id).toList())
                .containsExactlyElementsOf(LongStream.range(1000, 3000).boxed().toList());
        assertThat(only(Auction.class).stream().map(Auction::id).toList())
                .containsExactlyElementsOf(LongStream.range(1000, 7000).boxed().toList());
    }

    @Test
    void eventTimesFollowTheRateAndOutOfOrderGroupsShuffleWithinThemselves() {
        for (int n = 0; n < EVENTS.size(); n++) {
            assertThat(EVENTS.get(n).dateTime()).isEqualTo(CONFIG.baseTime() + n / 10); // 10,000 events per second
        }
        NexmarkConfig shuffled = CONFIG.withOutOfOrderGroupSize(16);
        NexmarkGenerator generator = new NexmarkGenerator(shuffled);
        long[] times = new long[16];
        for (int n = 0; n < 16; n++) {
            times[n] = generator.event(n).dateTime();
        }
        assertThat(times).as("a group holds the times of its numbers, out of order")
                .isNotEqualTo(LongStream.range(0, 16).map(n -> CONFIG.baseTime() + n / 10).toArray());
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        assertThat(sorted).containsExactly(LongStream.range(0, 16).map(n -> CONFIG.baseTime() + n / 10).toArray());
        for (long n = 0; n < 10_000; n++) {
            assertThat(generator.event(n + 16).dateTime()).as("no event is below an earlier event's watermark")
                    .isGreaterThanOrEqualTo(generator.watermark(n));
        }
    }

    @Test
    void halfTheBidsGoToHotAuctionsAndThreeQuartersComeFromHotBidders() {
        List<Bid> bids = only(Bid.class);
        double hotAuctions = bids.stream().filter(b -> b.auction() % 100 == 0).count() / (double) bids.size();
        double hotBidders = bids.stream().filter(b -> b.bidder() % 100 == 1).count() / (double) bids.size();
        assertThat(hotAuctions).isCloseTo(0.5, within(0.02)); // 1 - 1/hotAuctionRatio, plus the few that land there
        assertThat(hotBidders).isCloseTo(0.75, within(0.02)); // 1 - 1/hotBiddersRatio
        List<Auction> auctions = only(Auction.class);
        assertThat(auctions.stream().filter(a -> a.seller() % 100 == 0).count() / (double) auctions.size())
                .isCloseTo(0.75, within(0.02)); // 1 - 1/hotSellersRatio
    }

    @Test
    void bidsNameAuctionsInFlightOrJustAheadAndAuctionsNameKnownSellers() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        for (int n = 0; n < EVENTS.size(); n++) {
            if (EVENTS.get(n) instanceof Bid bid) {
                long last = generator.lastAuction(n);
                assertThat(bid.auction() - 1000).as("bid %d", n).isBetween(Math.max(last - 100, 0), last + 10);
            } else if (EVENTS.get(n) instanceof Auction auction) {
                long people = generator.lastPerson(n) + 1;
                assertThat(auction.seller() - 1000).isBetween(Math.max(people - 1000, 0), people + 10);
                assertThat(auction.category()).isBetween(10L, 14L);
                assertThat(auction.expires()).isGreaterThan(auction.dateTime());
                assertThat(auction.reserve()).isGreaterThan(auction.initialBid());
            }
        }
        // the reference's bidder ids carry the first person id twice
        assertThat(only(Bid.class).stream().mapToLong(Bid::bidder).min().orElseThrow()).isGreaterThanOrEqualTo(2000);
    }

    @Test
    void pricesAreLogUniformFromOneDollarToAMillion() {
        long[] prices = only(Bid.class).stream().mapToLong(Bid::price).sorted().toArray();
        assertThat(prices[0]).isGreaterThanOrEqualTo(100);
        assertThat(prices[prices.length - 1]).isLessThanOrEqualTo(100_000_000);
        assertThat(prices[prices.length / 2]).as("the median: 10^3 dollars").isBetween(90_000L, 111_000L);
        assertThat(prices[prices.length / 6]).as("a sixth: 10^1 dollars").isBetween(900L, 1_110L);
    }

    @Test
    void paddingBringsEventsToTheirAverageSizes() {
        assertThat(only(Bid.class).stream().mapToInt(b -> b.extra().length()).average().orElseThrow())
                .isCloseTo(100 - 32, within(1.0));
        assertThat(only(Auction.class).stream()
                .mapToInt(a -> 48 + a.itemName().length() + a.description().length() + a.extra().length())
                .average().orElseThrow()).isCloseTo(500, within(5.0));
        assertThat(only(Person.class).stream().mapToInt(p -> 8 + p.name().length() + p.emailAddress().length()
                + p.creditCard().length() + p.city().length() + p.state().length() + p.extra().length())
                .average().orElseThrow()).isCloseTo(200, within(3.0));
    }

    @Test
    void theSameSeedGivesTheSameEventsInAnyOrderAndAnotherSeedOthers() {
        NexmarkGenerator generator = new NexmarkGenerator(CONFIG);
        for (long n = 9_999; n >= 0; n--) {
            assertThat(generator.event(n)).isEqualTo(EVENTS.get((int) n));
        }
        NexmarkGenerator other = new NexmarkGenerator(NexmarkConfig.defaults(100_000, 43));
        assertThat(LongStream.range(0, 1_000).filter(n -> !other.event(n).equals(EVENTS.get((int) n))).count())
                .isGreaterThan(990);
    }

    @Test
    void theSourcesInstancesTogetherEmitEveryEventOnceWithItsTime() throws Exception {
        NexmarkConfig config = NexmarkConfig.defaults(20_000, 7);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        List<String> emitted = env.addSource(new NexmarkSource(config)).process(
                new dev.tidemark.api.functions.ProcessFunction<NexmarkEvent, String>() {
                    @Override
                    public void processElement(NexmarkEvent event, Context ctx,
                            dev.tidemark.api.functions.Collector<String> out) {
                        out.collect(ctx.timestamp() + " " + event);
                    }
                }).executeAndCollect();
        assertThat(emitted).containsExactlyInAnyOrderElementsOf(events(config).stream()
                .map(event -> event.dateTime() + " " + event).toList());
    }
}
