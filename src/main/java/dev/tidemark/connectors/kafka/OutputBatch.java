package dev.tidemark.connectors.kafka;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * The records one writer produced between two checkpoints, as one block of bytes (so a checkpoint
 * stores one array per batch, not an object per record), numbered by the writer's sequence.
 *
 * @param slot the writer that produced it: the sink instance's index when it was written
 * @param sequence its place in that writer's order of commits: 1, 2, ... across runs
 * @param checkpointId the checkpoint whose completion makes it due
 * @param records how many records {@code bytes} holds
 * @param bytes the records: timestamp, key and value of each, as {@link Buffer} writes them
 */
record OutputBatch(int slot, long sequence, long checkpointId, int records, byte[] bytes) implements Serializable {

    private static final int NULL = -1;

    /** Receives the records of a batch. */
    @FunctionalInterface
    interface RecordConsumer {
        /** @param timestamp the record's timestamp, or {@code null} for none */
        void accept(Long timestamp, byte[] key, byte[] value);
    }

    /** Passes each record to {@code consumer}, in the order they were written. */
    void forEachRecord(RecordConsumer consumer) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            for (int i = 0; i < records; i++) {
                boolean timed = in.readBoolean();
                long timestamp = in.readLong();
                consumer.accept(timed ? timestamp : null, readBytes(in), readBytes(in));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("a batch of output records is damaged: slot=" + slot + ", sequence="
                    + sequence, e);
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        return length == NULL ? null : in.readNBytes(length);
    }

    /** The records written since the last checkpoint, growing until they become a batch. */
    static final class Buffer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 12);
        private final DataOutputStream out = new DataOutputStream(bytes);
        private int records;

        void add(Long timestamp, byte[] key, byte[] value) {
            try {
                out.writeBoolean(timestamp != null);
                out.writeLong(timestamp == null ? 0 : timestamp);
                writeBytes(key);
                writeBytes(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a byte array stream does not fail
            }
            records++;
        }

        private void writeBytes(byte[] b) throws IOException {
            if (b == null) {
                out.writeInt(NULL);
            } else {
                out.writeInt(b.length);
                out.write(b);
            }
        }

        boolean isEmpty() {
            return records == 0;
        }

        /** What was added, as a batch; the buffer is empty afterwards. */
        OutputBatch drain(int slot, long sequence, long checkpointId) {
            OutputBatch batch = new OutputBatch(slot, sequence, checkpointId, records, bytes.toByteArray());
            bytes.reset();
            records = 0;
            return batch;
        }
    }
}
