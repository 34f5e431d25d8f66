package dev.tidemark.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.TidemarkException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointStorageTest {

    private static CompletedCheckpoint checkpoint(long id) {
        TreeMap<Integer, byte[]> groups = new TreeMap<>();
        groups.put(3, new byte[] {1, 2, 3});
        groups.put(90, StateBytes.of("value " + id, "test"));
        OperatorSnapshot keyed = new OperatorSnapshot("operator-1", 0, 2, groups, Map.of(), Map.of());
        OperatorSnapshot source = new OperatorSnapshot("operator-0", 1, 2, new TreeMap<>(),
                Map.of("fn/position", List.of(StateBytes.of(id * 10, "test"))),
                Map.of("fn/seen", List.of(StateBytes.of("x", "test"), StateBytes.of("y", "test"))));
        return new CompletedCheckpoint(id, 1000 + id, 128, List.of(keyed, source));
    }

    @Test
    void writeThenLoad_givesTheSameSnapshots(@TempDir Path dir) {
        CheckpointStorage storage = new CheckpointStorage(dir, 3);
        storage.write(checkpoint(5));

        CompletedCheckpoint loaded = storage.loadLatest();
        assertThat(loaded.checkpointId()).isEqualTo(5);
        assertThat(loaded.timestamp()).isEqualTo(1005);
        assertThat(loaded.maxParallelism()).isEqualTo(128);
        assertThat(loaded.operatorIds()).containsExactly("operator-0", "operator-1");
        SnapshotReader keyed = loaded.reader("operator-1", "Window", 1, 2);
        assertThat(keyed.keyGroups()).containsOnlyKeys(90); // key group 3 belongs to instance 0 of 2
        assertThat(StateBytes.<String>value(keyed.keyGroups().get(90), "test")).isEqualTo("value 5");
        assertThat(loaded.reader("operator-0", "Source", 0, 1).<Long>list("fn/position")).containsExactly(50L);
        assertThat(loaded.reader("operator-0", "Source", 0, 3).<String>union("fn/seen")).containsExactly("x", "y");
    }

    @Test
    void retention_keepsTheNewestCheckpoints(@TempDir Path dir) {
        CheckpointStorage storage = new CheckpointStorage(dir, 2);
        for (long id = 1; id <= 4; id++) {
            storage.write(checkpoint(id));
        }
        assertThat(dir.resolve("chk-1")).doesNotExist();
        assertThat(dir.resolve("chk-2")).doesNotExist();
        assertThat(dir.resolve("chk-3/_metadata")).exists();
        assertThat(storage.loadLatest().checkpointId()).isEqualTo(4);
    }

    @Test
    void retention_countsOnlyCompleteCheckpoints_andRemovesPartialOnes(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 2);
        storage.write(checkpoint(1));
        storage.write(checkpoint(2));
        java.nio.file.Files.createDirectories(dir.resolve("chk-3")); // a write that failed, or a process that died
        java.nio.file.Files.write(dir.resolve("chk-3/op-0-0.state"), new byte[] {1, 2, 3});
        java.nio.file.Files.createDirectories(dir.resolve("chk-4"));
        storage.write(checkpoint(5));
        assertThat(dir.resolve("chk-3")).as("partial").doesNotExist();
        assertThat(dir.resolve("chk-4")).as("partial").doesNotExist();
        assertThat(dir.resolve("chk-1")).doesNotExist();
        assertThat(dir.resolve("chk-2/_metadata")).as("two complete ones are kept").exists();
        assertThat(dir.resolve("chk-5/_metadata")).exists();
    }

    @Test
    void failedWrite_leavesNoPartialDirectory(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 2);
        // the metadata cannot be written after the state files were, as on a disk that just filled up
        java.nio.file.Files.createDirectories(dir.resolve("chk-7/_metadata.inprogress"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> storage.write(checkpoint(7)))
                .hasMessageContaining("checkpoint could not be written: checkpoint=7");
        assertThat(dir.resolve("chk-7")).doesNotExist();
    }

    @Test
    void corruptStateFile_isReported_andThePreviousCheckpointUsed(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 3);
        storage.write(checkpoint(1));
        storage.write(checkpoint(2));
        Path state = dir.resolve("chk-2/op-1-0.state");
        byte[] bytes = Files.readAllBytes(state);
        bytes[bytes.length - 1] ^= 0x5A;
        Files.write(state, bytes);

        assertThat(storage.loadLatest().checkpointId()).isEqualTo(1);
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("chk-2")))
                .isInstanceOf(TidemarkException.class)
                .hasMessageContaining("checkpoint state file is corrupt")
                .hasMessageContaining("op-1-0.state")
                .hasMessageContaining("checksum");
    }

    @Test
    void truncatedOrMissingStateFile_isReported(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 3);
        storage.write(checkpoint(1));
        Path state = dir.resolve("chk-1/op-0-1.state");
        Files.write(state, java.util.Arrays.copyOf(Files.readAllBytes(state), 10));
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("chk-1")))
                .hasMessageContaining("truncated or corrupt").hasMessageContaining("has 10 bytes");

        Files.delete(state);
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("chk-1")))
                .hasMessageContaining("state file is missing").hasMessageContaining("op-0-1.state");
        assertThat(storage.loadLatest()).isNull();
    }

    @Test
    void checkpointWithoutMetadata_isIncomplete_andSkipped(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 3);
        storage.write(checkpoint(1));
        storage.write(checkpoint(2));
        Files.delete(dir.resolve("chk-2/_metadata")); // the process died before the rename

        assertThat(storage.loadLatest().checkpointId()).isEqualTo(1);
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("chk-2")))
                .hasMessageContaining("no valid checkpoint or savepoint");
    }

    @Test
    void corruptMetadata_isReported(@TempDir Path dir) throws Exception {
        CheckpointStorage storage = new CheckpointStorage(dir, 3);
        storage.write(checkpoint(1));
        Path metadata = dir.resolve("chk-1/_metadata");
        byte[] bytes = Files.readAllBytes(metadata);
        bytes[12] ^= 1;
        Files.write(metadata, bytes);
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("chk-1")))
                .hasMessageContaining("metadata is corrupt").hasMessageContaining("fails its checksum");
    }

    @Test
    void nothingToRestoreFrom_saysWhatWasExpected(@TempDir Path dir) {
        assertThatThrownBy(() -> CheckpointStorage.load(dir.resolve("nowhere")))
                .isInstanceOf(TidemarkException.class)
                .hasMessageContaining("no valid checkpoint or savepoint to restore from")
                .hasMessageContaining("_metadata");
    }
}
