package dev.tidemark.benchmarks.nexmark;

import static dev.tidemark.benchmarks.nexmark.NexmarkConfig.FIRST_AUCTION_ID;
import static dev.tidemark.benchmarks.nexmark.NexmarkConfig.FIRST_CATEGORY_ID;
import static dev.tidemark.benchmarks.nexmark.NexmarkConfig.FIRST_PERSON_ID;

import java.util.List;

/**
 * NEXMark's events by number, by the rules of the reference generator (nexmark/nexmark's Flink
 * generator): event {@code n} is a person, an auction or a bid by {@code n mod 50} (1 : 3 : 46),
 * happens at {@code baseTime + n / rate} (shuffled within out-of-order groups), and its ids,
 * prices, categories and strings follow the reference's rules, hot auctions, sellers and bidders
 * included. Two deliberate differences: every value derives from the seed and the event number
 * ({@link EventRandom}), as in Beam's generator, so the events are reproducible and the same at
 * any parallelism (the reference draws from an unseeded random per generator); and the reference's
 * bidder ids, which add {@link NexmarkConfig#FIRST_PERSON_ID} twice, are kept as they are.
 *
 * <p>{@link #event} is a pure function of the number: instances of a parallel source each make
 * their own share. One generator per thread (it holds the event's random state).
 */
public final class NexmarkGenerator {

    private static final int HOT_AUCTION_RATIO = 100;
    private static final int HOT_SELLER_RATIO = 100;
    private static final int HOT_BIDDER_RATIO = 100;
    private static final int AUCTION_ID_LEAD = 10;
    private static final int PERSON_ID_LEAD = 10;
    private static final int NUM_CATEGORIES = 5;
    private static final int MIN_STRING_LENGTH = 3;
    private static final List<String> STATES = List.of("AZ", "CA", "ID", "OR", "WA", "WY");
    private static final List<String> CITIES = List.of("Phoenix", "Los Angeles", "San Francisco", "Boise", "Portland",
            "Bend", "Redmond", "Seattle", "Kent", "Cheyenne");
    private static final List<String> FIRST_NAMES = List.of("Peter", "Paul", "Luke", "John", "Saul", "Vicky", "Kate",
            "Julie", "Sarah", "Deiter", "Walter");
    private static final List<String> LAST_NAMES = List.of("Shultz", "Abrams", "Spencer", "White", "Bartels", "Walton",
            "Smith", "Jones", "Noris");

    private final NexmarkConfig config;
    private final EventRandom random;
    private final int total;

    public NexmarkGenerator(NexmarkConfig config) {
        this.config = config;
        this.random = new EventRandom(config.seed());
        this.total = config.totalProportion();
    }

    public NexmarkConfig config() {
        return config;
    }

    /** Event {@code n}, {@code 0 <= n < events}. */
    public NexmarkEvent event(long n) {
        long id = adjusted(n);
        long time = timestamp(id);
        random.reset(id);
        long rem = id % total;
        if (rem < config.personProportion()) {
            return person(id, time);
        }
        if (rem < config.personProportion() + config.auctionProportion()) {
            return auction(id, time);
        }
        return bid(id, time);
    }

    /**
     * The event time no later event goes below once event {@code n} is out: the time of the first
     * event of its out-of-order group (the event's own time when events are in order).
     */
    public long watermark(long n) {
        int g = config.outOfOrderGroupSize();
        return timestamp(n / g * g);
    }

    /** The number whose id and time event {@code n} gets: itself, shuffled within its out-of-order group. */
    private long adjusted(long n) {
        int g = config.outOfOrderGroupSize();
        return n / g * g + (n * 953) % g;
    }

    private long timestamp(long number) {
        return config.baseTime() + (long) (number * config.interEventDelayMicros()) / 1000L;
    }

    private NexmarkEvent.Person person(long id, long time) {
        long personId = lastPerson(id) + FIRST_PERSON_ID;
        String name = FIRST_NAMES.get(random.nextInt(FIRST_NAMES.size())) + " "
                + LAST_NAMES.get(random.nextInt(LAST_NAMES.size()));
        String email = string(7, ' ') + "@" + string(5, ' ') + ".com";
        String card = Strings.creditCard(random);
        String city = CITIES.get(random.nextInt(CITIES.size()));
        String state = STATES.get(random.nextInt(STATES.size()));
        int size = 8 + name.length() + email.length() + card.length() + city.length() + state.length();
        return new NexmarkEvent.Person(personId, name, email, card, city, state, time,
                extra(size, config.avgPersonByteSize()));
    }

    private NexmarkEvent.Auction auction(long id, long time) {
        long auctionId = lastAuction(id) + FIRST_AUCTION_ID;
        long seller = random.nextInt(config.hotSellersRatio()) > 0
                ? lastPerson(id) / HOT_SELLER_RATIO * HOT_SELLER_RATIO : nextPerson(id);
        long category = FIRST_CATEGORY_ID + random.nextInt(NUM_CATEGORIES);
        long initialBid = price();
        long expires = time + auctionLength(id, time);
        String name = string(20, ' ');
        String description = string(100, ' ');
        long reserve = initialBid + price();
        int size = 8 + name.length() + description.length() + 8 + 8 + 8 + 8 + 8;
        return new NexmarkEvent.Auction(auctionId, name, description, initialBid, reserve, time, expires,
                seller + FIRST_PERSON_ID, category, extra(size, config.avgAuctionByteSize()));
    }

    private NexmarkEvent.Bid bid(long id, long time) {
        long auction = random.nextInt(config.hotAuctionRatio()) > 0
                ? lastAuction(id) / HOT_AUCTION_RATIO * HOT_AUCTION_RATIO : nextAuction(id);
        long bidder = random.nextInt(config.hotBiddersRatio()) > 0
                ? lastPerson(id) / HOT_BIDDER_RATIO * HOT_BIDDER_RATIO + 1 : nextPerson(id);
        long price = price();
        int channel = Strings.channel(random);
        // the reference adds the first person id to the bidder twice; kept, so that bidder ids match it
        return new NexmarkEvent.Bid(auction + FIRST_AUCTION_ID, bidder + 2 * FIRST_PERSON_ID, price,
                Strings.channelName(channel), Strings.channelUrl(channel), time, extra(32, config.avgBidByteSize()));
    }

    /** The base-0 id of the last person made at or before event {@code id}. */
    long lastPerson(long id) {
        long epoch = id / total;
        long offset = Math.min(id % total, config.personProportion() - 1);
        return epoch * config.personProportion() + offset;
    }

    /** The base-0 id of the last auction made at or before event {@code id}. */
    long lastAuction(long id) {
        long epoch = id / total;
        long offset = id % total;
        if (offset < config.personProportion()) {
            epoch--;
            offset = config.auctionProportion() - 1;
        } else if (offset >= config.personProportion() + config.auctionProportion()) {
            offset = config.auctionProportion() - 1;
        } else {
            offset -= config.personProportion();
        }
        return epoch * config.auctionProportion() + offset;
    }

    /** One of the active people, or one a little ahead of the last (a bid may name a person yet to come). */
    private long nextPerson(long id) {
        long people = lastPerson(id) + 1;
        long active = Math.min(people, config.numActivePeople());
        return people - active + random.nextLong(active + PERSON_ID_LEAD);
    }

    /** One of the auctions in flight, or one a little ahead of the last. */
    private long nextAuction(long id) {
        long last = lastAuction(id);
        long first = Math.max(last - config.numInFlightAuctions(), 0);
        return first + random.nextLong(last - first + 1 + AUCTION_ID_LEAD);
    }

    /** Up to twice the time until as many auctions as are in flight have been made. */
    private long auctionLength(long id, long time) {
        long eventsForAuctions = (long) config.numInFlightAuctions() * total / config.auctionProportion();
        long horizon = timestamp(id + eventsForAuctions) - time;
        return 1 + random.nextLong(Math.max(horizon * 2, 1));
    }

    /** Cents, log-uniform from 1 to 1,000,000 dollars. */
    private long price() {
        return Math.round(Math.pow(10.0, random.nextDouble() * 6.0) * 100.0);
    }

    /** Letters (and now and then {@code special}), 3 to {@code maxLength - 1} of them, trimmed. */
    private String string(int maxLength, char special) {
        return Strings.letters(random, MIN_STRING_LENGTH + random.nextInt(maxLength - MIN_STRING_LENGTH), special);
    }

    /** Padding that brings an event of {@code size} bytes to about {@code average}, within 20 %. */
    private String extra(int size, int average) {
        if (size > average) {
            return "";
        }
        int wanted = average - size;
        int delta = (int) Math.round(wanted * 0.2);
        int length = wanted - delta + (delta == 0 ? 0 : random.nextInt(2 * delta));
        return Strings.padding(random, length);
    }
}
