package dev.tidemark.benchmarks.nexmark;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.functions.Collector;
import dev.tidemark.api.functions.KeyedCoProcessFunction;
import dev.tidemark.api.functions.OpenContext;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import dev.tidemark.state.ListState;
import dev.tidemark.state.ListStateDescriptor;
import dev.tidemark.state.ValueState;
import dev.tidemark.state.ValueStateDescriptor;
import java.util.Set;

/**
 * q3: the auctions of category 10 whose sellers live in Oregon, Idaho or California, with the
 * seller's name, city and state: a join of auctions and persons on the seller, without a window
 * (each side is kept until the other comes, as the reference's regular join keeps them).
 */
public final class Q3LocalItemSuggestion {

    static final Set<String> STATES = Set.of("OR", "ID", "CA");

    /** An auction to suggest, with its seller's name and place. */
    public record Suggestion(String name, String city, String state, long auction) {}

    private Q3LocalItemSuggestion() {}

    public static DataStream<Suggestion> query(DataStream<NexmarkEvent> events) {
        DataStream<Auction> auctions = NexmarkStreams.auctions(events).filter(a -> a.category() == 10).name("q3 category 10");
        DataStream<Person> sellers = NexmarkStreams.persons(events).filter(p -> STATES.contains(p.state()))
                .name("q3 OR, ID, CA");
        return auctions.connect(sellers).keyBy(Auction::seller, Person::id).process(new JoinSeller())
                .name("q3 join sellers");
    }

    /** Per seller: the person once known, and the auctions that came before them. */
    static final class JoinSeller extends KeyedCoProcessFunction<Long, Auction, Person, Suggestion> {
        private transient ValueState<Person> seller;
        private transient ListState<Auction> waiting;

        @Override
        public void open(OpenContext context) {
            seller = getRuntimeContext().getState(new ValueStateDescriptor<>("seller", Person.class));
            waiting = getRuntimeContext().getListState(new ListStateDescriptor<>("waiting auctions", Auction.class));
        }

        @Override
        public void processElement1(Auction auction, Context ctx, Collector<Suggestion> out) throws Exception {
            Person person = seller.value();
            if (person == null) {
                waiting.add(auction);
            } else {
                out.collect(suggestion(person, auction));
            }
        }

        @Override
        public void processElement2(Person person, Context ctx, Collector<Suggestion> out) throws Exception {
            seller.update(person);
            for (Auction auction : waiting.get()) {
                out.collect(suggestion(person, auction));
            }
            waiting.clear();
        }

        private static Suggestion suggestion(Person person, Auction auction) {
            return new Suggestion(person.name(), person.city(), person.state(), auction.id());
        }
    }
}
