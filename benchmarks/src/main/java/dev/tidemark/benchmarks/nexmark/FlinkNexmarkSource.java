package dev.tidemark.benchmarks.nexmark;

import static org.apache.flink.table.api.DataTypes.BIGINT;
import static org.apache.flink.table.api.DataTypes.FIELD;
import static org.apache.flink.table.api.DataTypes.INT;
import static org.apache.flink.table.api.DataTypes.ROW;
import static org.apache.flink.table.api.DataTypes.STRING;
import static org.apache.flink.table.api.DataTypes.TIMESTAMP;

import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Auction;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Bid;
import dev.tidemark.benchmarks.nexmark.NexmarkEvent.Person;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.table.types.DataType;
import org.apache.flink.types.Row;

/**
 * The generator's events as a Flink source of rows shaped as NEXMark's Flink table (one row per
 * event: its type 0, 1 or 2, a person, auction or bid row, the other two null, and its time), for
 * Flink SQL. Instance {@code k} of {@code p} emits events {@code k, k + p, ...}, as the Tidemark
 * source does, so both engines see the same events in the same shares.
 */
@SuppressWarnings("deprecation") // the plain source function keeps this source as simple as the Tidemark one
final class FlinkNexmarkSource extends RichParallelSourceFunction<Row> {

    private static final long serialVersionUID = 1L;

    /** The table's row type, with the names and types of NEXMark's Flink DDL. */
    static final DataType EVENT = ROW(
            FIELD("event_type", INT()),
            FIELD("person", ROW(FIELD("id", BIGINT()), FIELD("name", STRING()), FIELD("emailAddress", STRING()),
                    FIELD("creditCard", STRING()), FIELD("city", STRING()), FIELD("state", STRING()),
                    FIELD("dateTime", TIMESTAMP(3)), FIELD("extra", STRING()))),
            FIELD("auction", ROW(FIELD("id", BIGINT()), FIELD("itemName", STRING()), FIELD("description", STRING()),
                    FIELD("initialBid", BIGINT()), FIELD("reserve", BIGINT()), FIELD("dateTime", TIMESTAMP(3)),
                    FIELD("expires", TIMESTAMP(3)), FIELD("seller", BIGINT()), FIELD("category", BIGINT()),
                    FIELD("extra", STRING()))),
            FIELD("bid", ROW(FIELD("auction", BIGINT()), FIELD("bidder", BIGINT()), FIELD("price", BIGINT()),
                    FIELD("channel", STRING()), FIELD("url", STRING()), FIELD("dateTime", TIMESTAMP(3)),
                    FIELD("extra", STRING()))),
            FIELD("dateTime", TIMESTAMP(3)));

    private final NexmarkConfig config;
    private final double wallEventsPerSecond; // 0: as fast as possible
    private volatile boolean running = true;

    FlinkNexmarkSource(NexmarkConfig config) {
        this(config, 0);
    }

    /** All events, at most {@code wallEventsPerSecond} per second over all instances, on the {@link WallClock}. */
    FlinkNexmarkSource(NexmarkConfig config, double wallEventsPerSecond) {
        this.config = config;
        this.wallEventsPerSecond = wallEventsPerSecond;
    }

    @Override
    public void run(SourceContext<Row> ctx) {
        NexmarkGenerator generator = new NexmarkGenerator(config);
        int step = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        long origin = wallEventsPerSecond > 0 ? WallClock.start() : 0;
        for (long n = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(); running && n < config.events(); n += step) {
            Row row = row(generator.event(n));
            if (wallEventsPerSecond > 0) {
                WallClock.awaitDue(origin, n, wallEventsPerSecond);
            }
            ctx.collect(row);
        }
        if (wallEventsPerSecond > 0) {
            Latencies.sourceFinished();
        }
    }

    @Override
    public void cancel() {
        running = false;
    }

    static Row row(NexmarkEvent event) {
        LocalDateTime time = time(event.dateTime());
        if (event instanceof Person p) {
            return Row.of(0, Row.of(p.id(), p.name(), p.emailAddress(), p.creditCard(), p.city(), p.state(), time,
                    p.extra()), null, null, time);
        }
        if (event instanceof Auction a) {
            return Row.of(1, null, Row.of(a.id(), a.itemName(), a.description(), a.initialBid(), a.reserve(), time,
                    time(a.expires()), a.seller(), a.category(), a.extra()), null, time);
        }
        Bid b = (Bid) event;
        return Row.of(2, null, null, Row.of(b.auction(), b.bidder(), b.price(), b.channel(), b.url(), time, b.extra()),
                time);
    }

    private static LocalDateTime time(long epochMillis) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000),
                (int) Math.floorMod(epochMillis, 1000) * 1_000_000, ZoneOffset.UTC);
    }
}
