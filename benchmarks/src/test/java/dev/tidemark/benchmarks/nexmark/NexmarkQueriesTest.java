package dev.tidemark.benchmarks.nexmark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import dev.tidemark.testing.TestDriver;
import dev.tidemark.testing.TestSink;
import dev.tidemark.testing.TestSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each query on Tidemark, at parallelism 2, against a reference model of its own: plain Java over the list of events, written
 * from the query's definition, not from the pipeline. 60,000 events at 1,000 per second of event
 * time give each window query a minute of windows.
 */
class NexmarkQueriesTest {

    static final NexmarkConfig CONFIG = NexmarkConfig.defaults(60_000, 11).withEventsPerSecond(1_000);
    static final List<NexmarkEvent> EVENTS = NexmarkGeneratorTest.events(CONFIG);

    static <T> List<T> only(Class<T> kind) {
        return EVENTS.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    static <R> List<String> run(int parallelism, Function<DataStream<NexmarkEvent>, DataStream<R>> query)
            throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(parallelism);
        return sorted(query.apply(NexmarkStreams.events(env, new NexmarkSource(CONFIG))).executeAndCollect());
    }

    static List<String> sorted(List<?> results) {
        return results.stream().map(String::valueOf).sorted().toList();
    }

    @Test
    void q0PassesEveryBid() throws Exception {
        assertThat(run(2, Q0PassThrough::query)).isEqualTo(sorted(only(Bid.class)));
    }

    @Test
    void q1ConvertsEveryPrice() throws Exception {
        assertThat(run(2, Q1CurrencyConversion::query)).isEqualTo(sorted(only(Bid.class).stream()
                .map(b -> new Q1CurrencyConversion.EuroBid(b.auction(), b.bidder(), 0.908 * b.price(), b.dateTime(),
                        b.extra())).toList()));
    }

    @Test
    void q2SelectsEvery123rdAuction() throws Exception {
        List<String> expected = sorted(only(Bid.class).stream().filter(b -> b.auction() % 123 == 0)
                .map(b -> new Q2Selection.AuctionPrice(b.auction(), b.price())).toList());
        assertThat(expected).isNotEmpty();
        assertThat(run(2, Q2Selection::query)).isEqualTo(expected);
    }

    @Test
    void q3SuggestsCategory10AuctionsOfSellersInOregonIdahoAndCalifornia() throws Exception {
        Map<Long, Person> persons = only(Person.class).stream().collect(Collectors.toMap(Person::id, p -> p));
        List<Q3LocalItemSuggestion.Suggestion> expected = new ArrayList<>();
        for (Auction auction : only(Auction.class)) {
            Person seller = persons.get(auction.seller());
            if (auction.category() == 10 && seller != null && List.of("OR", "ID", "CA").contains(seller.state())) {
                expected.add(new Q3LocalItemSuggestion.Suggestion(seller.name(), seller.city(), seller.state(),
                        auction.id()));
            }
        }
        assertThat(expected).hasSizeGreaterThan(100);
        assertThat(run(2, Q3LocalItemSuggestion::query)).isEqualTo(sorted(expected));
    }

    @Test
    void q5FindsTheAuctionsWithTheMostBidsInEachSlidingWindow() throws Exception {
        Map<Long, Map<Long, Long>> countsByStart = new TreeMap<>(); // window start -> auction -> bids
        for (Bid bid : only(Bid.class)) {
            for (long start = bid.dateTime() - Math.floorMod(bid.dateTime(), 2_000); start > bid.dateTime() - 10_000;
                    start -= 2_000) {
                countsByStart.computeIfAbsent(start, s -> new HashMap<>()).merge(bid.auction(), 1L, Long::sum);
            }
        }
        List<Q5HotItems.AuctionCount> expected = new ArrayList<>();
        countsByStart.forEach((start, counts) -> {
            long max = counts.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            counts.forEach((auction, count) -> {
                if (count == max) {
                    expected.add(new Q5HotItems.AuctionCount(auction, count, start, start + 10_000));
                }
            });
        });
        assertThat(run(2, Q5HotItems::query)).isEqualTo(sorted(expected));
    }

    @Test
    void q7FindsEachTumblingWindowsHighestBids() throws Exception {
        Map<Long, List<Bid>> byWindow = only(Bid.class).stream()
                .collect(Collectors.groupingBy(b -> b.dateTime() - Math.floorMod(b.dateTime(), 10_000)));
        List<Bid> expected = new ArrayList<>();
        byWindow.values().forEach(bids -> {
            long max = bids.stream().mapToLong(Bid::price).max().orElseThrow();
            bids.stream().filter(b -> b.price() == max).forEach(expected::add);
        });
        assertThat(byWindow).hasSizeGreaterThan(5);
        assertThat(run(2, Q7HighestBid::query)).isEqualTo(sorted(expected));
    }

    @Test
    void q8FindsNewUsersWhoSoldInTheirFirstWindow() throws Exception {
        Map<Long, List<Auction>> auctionsBySeller = only(Auction.class).stream()
                .collect(Collectors.groupingBy(Auction::seller));
        List<Q8MonitorNewUsers.NewSeller> expected = new ArrayList<>();
        for (Person person : only(Person.class)) {
            long window = person.dateTime() - Math.floorMod(person.dateTime(), 10_000);
            boolean sold = auctionsBySeller.getOrDefault(person.id(), List.of()).stream()
                    .anyMatch(a -> a.dateTime() - Math.floorMod(a.dateTime(), 10_000) == window);
            if (sold) {
                expected.add(new Q8MonitorNewUsers.NewSeller(person.id(), person.name(), window));
            }
        }
        assertThat(expected).hasSizeGreaterThan(10);
        assertThat(run(2, Q8MonitorNewUsers::query)).isEqualTo(sorted(expected));
    }

    /** Each auction's winning bid, by the definition: the highest price while it was open, then the earliest. */
    static List<WinningBids.Winner> winners() {
        Map<Long, List<Bid>> bidsByAuction = only(Bid.class).stream().collect(Collectors.groupingBy(Bid::auction));
        List<WinningBids.Winner> winners = new ArrayList<>();
        for (Auction auction : only(Auction.class)) {
            Optional<Bid> best = bidsByAuction.getOrDefault(auction.id(), List.of()).stream()
                    .filter(b -> b.dateTime() >= auction.dateTime() && b.dateTime() <= auction.expires())
                    .min(Comparator.comparingLong(Bid::price).reversed().thenComparingLong(Bid::dateTime));
            best.ifPresent(bid -> winners.add(new WinningBids.Winner(auction, bid)));
        }
        return winners;
    }

    @Test
    void q9FindsEachAuctionsWinningBid() throws Exception {
        List<WinningBids.Winner> expected = winners();
        assertThat(expected).hasSizeGreaterThan(1_000);
        assertThat(run(2, Q9WinningBids::query)).isEqualTo(sorted(expected));
    }

    @Test
    void q4sLastUpdatePerCategoryIsTheAverageWinningPrice() throws Exception {
        Map<Long, List<WinningBids.Winner>> byCategory = winners().stream()
                .collect(Collectors.groupingBy(w -> w.auction().category()));
        List<Q4AveragePriceByCategory.CategoryAverage> expected = new ArrayList<>();
        byCategory.forEach((category, winners) -> expected.add(new Q4AveragePriceByCategory.CategoryAverage(category,
                winners.stream().mapToLong(w -> w.bid().price()).sum() / (double) winners.size(), winners.size())));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        List<Q4AveragePriceByCategory.CategoryAverage> updates =
                Q4AveragePriceByCategory.query(NexmarkStreams.events(env, new NexmarkSource(CONFIG))).executeAndCollect();
        Map<Long, Q4AveragePriceByCategory.CategoryAverage> last = new HashMap<>();
        updates.forEach(u -> last.merge(u.category(), u, (a, b) -> a.auctions() >= b.auctions() ? a : b));
        assertThat(updates).hasSize(winners().size());
        assertThat(sorted(List.copyOf(last.values()))).isEqualTo(sorted(expected));
    }

    @Test
    void q6sLastUpdatePerSellerAveragesTheirLatestElevenWinningPrices() throws Exception {
        Map<Long, List<WinningBids.Winner>> bySeller = winners().stream()
                .sorted(Comparator.comparingLong((WinningBids.Winner w) -> w.auction().expires())
                        .thenComparingLong(w -> w.auction().id()))
                .collect(Collectors.groupingBy(w -> w.auction().seller()));
        List<Q6AverageSellingPriceBySeller.SellerAverage> expected = new ArrayList<>();
        bySeller.forEach((seller, winners) -> {
            List<WinningBids.Winner> latest = winners.subList(Math.max(0, winners.size() - 11), winners.size());
            expected.add(new Q6AverageSellingPriceBySeller.SellerAverage(seller,
                    latest.stream().mapToLong(w -> w.bid().price()).sum() / (double) latest.size(), latest.size(),
                    winners.size()));
        });
        assertThat(bySeller.values().stream().anyMatch(w -> w.size() > 11)).as("some seller won more than 11").isTrue();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        Map<Long, Q6AverageSellingPriceBySeller.SellerAverage> last = new HashMap<>();
        Q6AverageSellingPriceBySeller.query(NexmarkStreams.events(env, new NexmarkSource(CONFIG))).executeAndCollect()
                .forEach(u -> last.merge(u.seller(), u, (a, b) -> a.closed() >= b.closed() ? a : b));
        assertThat(sorted(List.copyOf(last.values()))).isEqualTo(sorted(expected));
    }

    @Test
    void q11CountsEachBiddersBidsPerSession() throws Exception {
        Map<Long, List<Long>> timesByBidder = only(Bid.class).stream().collect(Collectors.groupingBy(Bid::bidder,
                Collectors.mapping(Bid::dateTime, Collectors.toList())));
        List<Q11UserSessions.Session> expected = new ArrayList<>();
        timesByBidder.forEach((bidder, times) -> {
            List<Long> sortedTimes = times.stream().sorted().toList();
            long start = sortedTimes.get(0);
            long last = start;
            long count = 0;
            for (long time : sortedTimes) {
                if (time >= last + 10_000) {
                    expected.add(new Q11UserSessions.Session(bidder, count, start, last + 10_000));
                    start = time;
                    count = 0;
                }
                last = time;
                count++;
            }
            expected.add(new Q11UserSessions.Session(bidder, count, start, last + 10_000));
        });
        assertThat(run(2, Q11UserSessions::query)).isEqualTo(sorted(expected));
    }

    @Test
    void q12CountsEachBiddersBidsPer10SecondsOfProcessingTime() {
        List<Bid> bids = only(Bid.class).subList(0, 3_000);
        try (TestDriver driver = TestDriver.create()) {
            TestSource<Bid> in = driver.source("bids", Bid.class);
            TestSink<Q12ProcessingTimeWindows.BidderCount> out = driver.sink(Q12ProcessingTimeWindows.of(in.stream()));
            driver.start();
            bids.subList(0, 1_000).forEach(in::emit);
            driver.advanceProcessingTime(Duration.ofSeconds(10));
            bids.subList(1_000, 3_000).forEach(in::emit);
            driver.advanceProcessingTime(Duration.ofSeconds(10));

            List<Q12ProcessingTimeWindows.BidderCount> expected = new ArrayList<>();
            bids.subList(0, 1_000).stream().collect(Collectors.groupingBy(Bid::bidder, Collectors.counting()))
                    .forEach((bidder, n) -> expected.add(new Q12ProcessingTimeWindows.BidderCount(bidder, n, 0, 10_000)));
            bids.subList(1_000, 3_000).stream().collect(Collectors.groupingBy(Bid::bidder, Collectors.counting()))
                    .forEach((bidder, n) -> expected.add(
                            new Q12ProcessingTimeWindows.BidderCount(bidder, n, 10_000, 20_000)));
            assertThat(sorted(out.records())).isEqualTo(sorted(expected));
        }
    }
}
