package dev.tidemark.runtime.checkpoint;

import dev.tidemark.api.TidemarkException;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checkpoints on disk. Layout (format version 1), under the checkpoint directory:
 *
 * <pre>
 * chk-&lt;id&gt;/                       one completed checkpoint (a savepoint directory looks the same)
 *   op-&lt;n&gt;-&lt;subtask&gt;.state        one operator instance's state
 *   _metadata                     written last, by atomic rename: lists every state file
 * </pre>
 *
 * <p>A state file: magic {@code TMST}, version, operator id, subtask, parallelism, then the key
 * groups (id, length, bytes), split lists and union lists (name, count, then each element's length
 * and bytes). {@code _metadata}: magic {@code TMCK}, version, checkpoint id, timestamp, max
 * parallelism, the state files (name, length, CRC-32), and a CRC-32 of everything before it. A
 * directory without {@code _metadata} is incomplete (the process died while writing it); a file whose
 * length or checksum differs is corrupt. Either way {@link #loadLatest()} names the problem and falls
 * back to the previous checkpoint.
 *
 * <p>Threading: one writer (the checkpoint coordinator's thread); reading from any thread.
 */
public final class CheckpointStorage {

    public static final String METADATA = "_metadata";
    /** Beside {@code _metadata} in the final checkpoint of a job that finished. */
    public static final String JOB_FINISHED = "_job-finished";
    public static final int VERSION = 1;
    private static final int STATE_MAGIC = 0x544D5354; // "TMST"
    private static final int METADATA_MAGIC = 0x544D434B; // "TMCK"
    private static final String PREFIX = "chk-";
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointStorage.class);

    private final Path directory;
    private final int retained;

    /** @param retained how many completed checkpoints to keep */
    public CheckpointStorage(Path directory, int retained) {
        this.directory = directory;
        this.retained = retained;
    }

    /** Writes {@code checkpoint} as {@code chk-<id>} and deletes completed checkpoints beyond the retained count. */
    public Path write(CompletedCheckpoint checkpoint) {
        Path target = directory.resolve(PREFIX + checkpoint.checkpointId());
        try {
            writeTo(target, checkpoint);
        } catch (RuntimeException e) {
            deleteRecursively(target); // a partial checkpoint is never read, and must not pile up
            throw e;
        }
        deleteOldCheckpoints();
        return target;
    }

    /**
     * Writes {@code checkpoint} into {@code target} (a savepoint, or a checkpoint): state files first,
     * then {@code _metadata} through a temporary file renamed atomically, so a reader never sees a
     * metadata file whose state files are not all there.
     */
    public static Path writeTo(Path target, CompletedCheckpoint checkpoint) {
        try {
            Files.createDirectories(target);
            Map<String, byte[]> files = new LinkedHashMap<>();
            List<String> ids = new ArrayList<>(checkpoint.operatorIds());
            for (OperatorSnapshot s : checkpoint.snapshots()) {
                files.put("op-" + ids.indexOf(s.operatorId()) + "-" + s.subtask() + ".state", stateFile(s));
            }
            ByteArrayOutputStream meta = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(meta);
            out.writeInt(METADATA_MAGIC);
            out.writeInt(VERSION);
            out.writeLong(checkpoint.checkpointId());
            out.writeLong(checkpoint.timestamp());
            out.writeInt(checkpoint.maxParallelism());
            out.writeInt(files.size());
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Files.write(target.resolve(file.getKey()), file.getValue());
                out.writeUTF(file.getKey());
                out.writeLong(file.getValue().length);
                out.writeLong(crc(file.getValue()));
            }
            out.writeLong(crc(meta.toByteArray()));
            Path temp = target.resolve(METADATA + ".inprogress");
            Files.write(temp, meta.toByteArray());
            try {
                Files.move(temp, target.resolve(METADATA), StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target.resolve(METADATA), StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("checkpoint could not be written: checkpoint=" + checkpoint.checkpointId()
                    + ", directory=" + target, e);
        }
    }

    /**
     * The latest completed checkpoint that reads back whole, or {@code null} if there is none. An
     * incomplete or corrupt one is reported (with the file and the problem) and skipped.
     */
    public CompletedCheckpoint loadLatest() {
        return loadLatest(0);
    }

    /** {@link #loadLatest()} among the checkpoints numbered above {@code afterId}: those of one run. */
    public CompletedCheckpoint loadLatest(long afterId) {
        for (Path candidate : checkpointDirectories()) {
            if (idOf(candidate) <= afterId) {
                break;
            }
            try {
                return read(candidate);
            } catch (TidemarkException e) {
                LOG.warn("Skipping checkpoint, falling back to the previous one: {}", e.getMessage());
            }
        }
        return null;
    }

    /**
     * Reads the checkpoint or savepoint at {@code path}: a directory with {@code _metadata}, or a
     * checkpoint directory whose latest valid checkpoint is taken.
     *
     * @throws TidemarkException if nothing valid is there, saying why
     */
    public static CompletedCheckpoint load(Path path) {
        if (Files.exists(path.resolve(METADATA))) {
            return read(path);
        }
        CompletedCheckpoint latest = new CheckpointStorage(path, Integer.MAX_VALUE).loadLatest();
        if (latest == null) {
            throw new TidemarkException("no valid checkpoint or savepoint to restore from: path=" + path
                    + "; expected a directory with " + METADATA + " or a checkpoint directory with chk-<id> in it");
        }
        return latest;
    }

    /** The highest checkpoint number in the directory, complete or not; 0 if there is none. */
    public long highestId() {
        List<Path> all = checkpointDirectories();
        return all.isEmpty() ? 0 : idOf(all.get(0));
    }

    /** The directory of checkpoint {@code checkpointId}. */
    public Path pathOf(long checkpointId) {
        return directory.resolve(PREFIX + checkpointId);
    }

    /**
     * Marks {@code checkpoint} as the final checkpoint of a job that finished, so that resuming from
     * the latest checkpoint does not restore a job with nothing left to do.
     */
    public static void markJobFinished(Path checkpoint) {
        try {
            Files.write(checkpoint.resolve(JOB_FINISHED), new byte[0]);
        } catch (IOException e) {
            LOG.warn("Final checkpoint could not be marked as the end of a finished job: {}", checkpoint, e);
        }
    }

    /** Whether {@code checkpoint} is the final checkpoint of a job that finished. */
    public static boolean isOfFinishedJob(Path checkpoint) {
        return Files.exists(checkpoint.resolve(JOB_FINISHED));
    }

    /** The completed-checkpoint directories, newest first. */
    List<Path> checkpointDirectories() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(directory)) {
            return children.filter(p -> p.getFileName().toString().matches(PREFIX + "\\d+"))
                    .sorted(Comparator.comparingLong(CheckpointStorage::idOf).reversed())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("checkpoint directory could not be listed: " + directory, e);
        }
    }

    private static long idOf(Path checkpoint) {
        return Long.parseLong(checkpoint.getFileName().toString().substring(PREFIX.length()));
    }

    /**
     * Keeps the newest {@code retained} complete checkpoints; deletes older complete ones and every
     * directory without {@code _metadata} (left by a write that failed or a process that died), which
     * one checkpoint at a time means no write is still filling.
     */
    private void deleteOldCheckpoints() {
        int complete = 0;
        for (Path candidate : checkpointDirectories()) {
            boolean isComplete = Files.exists(candidate.resolve(METADATA));
            if (!isComplete || ++complete > retained) {
                deleteRecursively(candidate);
            }
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warn("Old checkpoint could not be deleted: {}", dir, e);
        }
    }

    /** Reads a checkpoint directory, checking every length and checksum. */
    static CompletedCheckpoint read(Path dir) {
        byte[] meta;
        try {
            meta = Files.readAllBytes(dir.resolve(METADATA));
        } catch (NoSuchFileException e) {
            throw new TidemarkException("checkpoint is incomplete: " + dir + " has no " + METADATA
                    + " (the process stopped while writing it)");
        } catch (IOException e) {
            throw new TidemarkException("checkpoint metadata could not be read: " + dir.resolve(METADATA) + ": " + e, e);
        }
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(meta))) {
            if (meta.length < 8 || crc(java.util.Arrays.copyOf(meta, meta.length - 8))
                    != java.nio.ByteBuffer.wrap(meta, meta.length - 8, 8).getLong()) {
                throw new TidemarkException("checkpoint metadata is corrupt: " + dir.resolve(METADATA) + " fails its checksum");
            }
            expect(in.readInt(), METADATA_MAGIC, dir.resolve(METADATA));
            int version = in.readInt();
            if (version != VERSION) {
                throw new TidemarkException("checkpoint format version is not supported: version=" + version
                        + ", supported=" + VERSION + ", file=" + dir.resolve(METADATA));
            }
            long id = in.readLong();
            long timestamp = in.readLong();
            int maxParallelism = in.readInt();
            int count = in.readInt();
            List<OperatorSnapshot> snapshots = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                long length = in.readLong();
                long checksum = in.readLong();
                snapshots.add(readStateFile(dir.resolve(name), length, checksum));
            }
            return new CompletedCheckpoint(id, timestamp, maxParallelism, snapshots);
        } catch (IOException e) {
            throw new TidemarkException("checkpoint metadata is corrupt: " + dir.resolve(METADATA) + ": " + e, e);
        }
    }

    private static OperatorSnapshot readStateFile(Path file, long length, long checksum) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new TidemarkException("checkpoint state file is missing: " + file);
        } catch (IOException e) {
            throw new TidemarkException("checkpoint state file could not be read: " + file + ": " + e, e);
        }
        if (bytes.length != length) {
            throw new TidemarkException("checkpoint state file is truncated or corrupt: " + file + " has "
                    + bytes.length + " bytes, metadata says " + length);
        }
        if (crc(bytes) != checksum) {
            throw new TidemarkException("checkpoint state file is corrupt: " + file + " fails its checksum");
        }
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes))) {
            expect(in.readInt(), STATE_MAGIC, file);
            in.readInt(); // version: the metadata's was checked
            String operatorId = in.readUTF();
            int subtask = in.readInt();
            int parallelism = in.readInt();
            SortedMap<Integer, byte[]> keyGroups = new TreeMap<>();
            int groups = in.readInt();
            for (int i = 0; i < groups; i++) {
                int group = in.readInt();
                keyGroups.put(group, readBytes(in));
            }
            return new OperatorSnapshot(operatorId, subtask, parallelism, keyGroups, readLists(in), readLists(in));
        } catch (IOException e) {
            throw new TidemarkException("checkpoint state file is corrupt: " + file + ": " + e, e);
        }
    }

    private static byte[] stateFile(OperatorSnapshot s) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(STATE_MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(s.operatorId());
        out.writeInt(s.subtask());
        out.writeInt(s.parallelism());
        out.writeInt(s.keyGroups().size());
        for (Map.Entry<Integer, byte[]> group : s.keyGroups().entrySet()) {
            out.writeInt(group.getKey());
            writeBytes(out, group.getValue());
        }
        writeLists(out, s.lists());
        writeLists(out, s.unions());
        out.flush();
        return bytes.toByteArray();
    }

    private static void writeLists(DataOutputStream out, Map<String, List<byte[]>> lists) throws IOException {
        out.writeInt(lists.size());
        for (Map.Entry<String, List<byte[]>> list : lists.entrySet()) {
            out.writeUTF(list.getKey());
            out.writeInt(list.getValue().size());
            for (byte[] element : list.getValue()) {
                writeBytes(out, element);
            }
        }
    }

    private static Map<String, List<byte[]>> readLists(DataInputStream in) throws IOException {
        Map<String, List<byte[]>> lists = new LinkedHashMap<>();
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            int size = in.readInt();
            List<byte[]> elements = new ArrayList<>(size);
            for (int j = 0; j < size; j++) {
                elements.add(readBytes(in));
            }
            lists.put(name, elements);
        }
        return lists;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }

    private static void expect(int magic, int expected, Path file) {
        if (magic != expected) {
            throw new TidemarkException("file is not a Tidemark checkpoint file: " + file);
        }
    }

    private static long crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
