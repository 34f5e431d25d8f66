package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.connectors.kafka.DeliveryGuarantee;
import dev.tidemark.connectors.kafka.KafkaRecordDeserializer;
import dev.tidemark.connectors.kafka.KafkaRecordSerializer;
import dev.tidemark.connectors.kafka.KafkaSink;
import dev.tidemark.connectors.kafka.KafkaSource;
import dev.tidemark.connectors.kafka.StartingOffsets;
import dev.tidemark.connectors.file.LineFormat;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.sql.Statement;
import java.util.Map;

/**
 * Tables of {@code 'connector' = 'kafka'}, with Flink's options: one row per record value, in the
 * table's {@code 'format'}; {@code 'scan.startup.mode'} is {@code earliest-offset},
 * {@code latest-offset} or {@code group-offsets}, {@code 'scan.bounded.mode'} = {@code latest-offset}
 * ends the source at the offsets it found at its start, and {@code 'sink.delivery-guarantee'} is
 * {@code none}, {@code at-least-once} (the default) or {@code exactly-once}. A class of its own, so that
 * tables without Kafka never load the Kafka client, which is an optional dependency.
 */
final class KafkaTables {

    private KafkaTables() {}

    static void check(Statement.CreateTable ddl) {
        Map<String, String> options = ddl.options();
        String startup = options.getOrDefault("scan.startup.mode", "group-offsets");
        if (!java.util.List.of("earliest-offset", "latest-offset", "group-offsets").contains(startup)) {
            throw ddl.position().error("'scan.startup.mode' is earliest-offset, latest-offset or group-offsets, not '"
                    + startup + "'");
        }
        String bounded = options.getOrDefault("scan.bounded.mode", "unbounded");
        if (!bounded.equals("unbounded") && !bounded.equals("latest-offset")) {
            throw ddl.position().error("'scan.bounded.mode' is unbounded or latest-offset, not '" + bounded + "'");
        }
        guarantee(ddl);
    }

    static DataStream<Object[]> source(Statement.CreateTable ddl, RowFormat format, StreamExecutionEnvironment env) {
        Map<String, String> options = ddl.options();
        LineFormat<Object[]> lines = format.lines();
        KafkaSource.Builder<Object[]> builder = KafkaSource.<Object[]>builder()
                .bootstrapServers(options.get("properties.bootstrap.servers"))
                .topics(options.get("topic"))
                .deserializer(KafkaRecordDeserializer.utf8Values(lines::parse))
                .startingOffsets(switch (options.getOrDefault("scan.startup.mode", "group-offsets")) {
                    case "earliest-offset" -> StartingOffsets.earliest();
                    case "latest-offset" -> StartingOffsets.latest();
                    default -> StartingOffsets.committed();
                });
        if (options.containsKey("properties.group.id")) {
            builder.groupId(options.get("properties.group.id"));
        }
        if (options.getOrDefault("scan.bounded.mode", "unbounded").equals("latest-offset")) {
            builder.bounded();
        }
        return env.fromSource(builder.build(), WatermarkStrategy.noWatermarks(), "TableSource(" + ddl.name() + ")");
    }

    static void sink(Statement.CreateTable ddl, RowFormat format, DataStream<Object[]> rows, String name) {
        Map<String, String> options = ddl.options();
        KafkaSink.Builder<Object[]> builder = KafkaSink.<Object[]>builder()
                .bootstrapServers(options.get("properties.bootstrap.servers"))
                .topic(options.get("topic"))
                .serializer(KafkaRecordSerializer.utf8(row -> null, format::line))
                .deliveryGuarantee(guarantee(ddl));
        if (options.containsKey("sink.transactional-id-prefix")) {
            builder.transactionalIdPrefix(options.get("sink.transactional-id-prefix"));
        }
        rows.addSink(builder.build()).name(name);
    }

    private static DeliveryGuarantee guarantee(Statement.CreateTable ddl) {
        String guarantee = ddl.options().getOrDefault("sink.delivery-guarantee", "at-least-once");
        return switch (guarantee) {
            case "none" -> DeliveryGuarantee.NONE;
            case "at-least-once" -> DeliveryGuarantee.AT_LEAST_ONCE;
            case "exactly-once" -> DeliveryGuarantee.EXACTLY_ONCE;
            default -> throw ddl.position().error("'sink.delivery-guarantee' is none, at-least-once or exactly-once,"
                    + " not '" + guarantee + "'");
        };
    }
}
