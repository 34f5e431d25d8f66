package dev.tidemark.benchmarks.nexmark;

import java.io.Serializable;

/**
 * One event of NEXMark's online auction: a new person, a new auction, or a bid. Times are epoch
 * milliseconds; {@code extra} pads an event to the configured average size.
 */
public sealed interface NexmarkEvent extends Serializable permits NexmarkEvent.Person, NexmarkEvent.Auction,
        NexmarkEvent.Bid {

    /** When the event happened (its event time). */
    long dateTime();

    /** Someone who joined the site. */
    record Person(long id, String name, String emailAddress, String creditCard, String city, String state,
            long dateTime, String extra) implements NexmarkEvent {}

    /** An item put up for auction by {@code seller}, open from {@code dateTime} until {@code expires}. */
    record Auction(long id, String itemName, String description, long initialBid, long reserve, long dateTime,
            long expires, long seller, long category, String extra) implements NexmarkEvent {}

    /** A bid of {@code price} (in cents) by {@code bidder} on {@code auction}. */
    record Bid(long auction, long bidder, long price, String channel, String url, long dateTime, String extra)
            implements NexmarkEvent {}
}
