package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.CoGroupFunction;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import dev.tidemark.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;

/**
 * q8: the people who joined and put something up for auction in the same 10-second tumbling
 * window: a window co-group of persons and auctions on the seller, one result per person (the
 * reference groups each side by person and window before it joins).
 */
public final class Q8MonitorNewUsers {

    static final long SIZE_MILLIS = 10_000;

    /** A new user who also sells, and the start of the window they did both in. */
    public record NewSeller(long id, String name, long windowStart) {}

    private Q8MonitorNewUsers() {}

    public static DataStream<NewSeller> query(DataStream<NexmarkEvent> events) {
        return NexmarkStreams.persons(events)
                .coGroup(NexmarkStreams.auctions(events))
                .where(Person::id).equalTo(Auction::seller)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(SIZE_MILLIS)))
                .apply(new SellersAmongNewUsers()).name("q8 new sellers");
    }

    /** A window's person, if they sold anything in it. */
    static final class SellersAmongNewUsers implements CoGroupFunction<Person, Auction, NewSeller> {
        @Override
        public void coGroup(Iterable<Person> persons, Iterable<Auction> auctions, Collector<NewSeller> out) {
            if (!auctions.iterator().hasNext()) {
                return;
            }
            for (Person person : persons) {
                out.collect(new NewSeller(person.id(), person.name(), windowStart(person.dateTime())));
            }
        }
    }

    static long windowStart(long time) {
        return time - Math.floorMod(time, SIZE_MILLIS);
    }
}
