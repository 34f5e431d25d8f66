package dev.tidemark.connectors.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.JobClient;
import dev.tidemark.api.JobExecutionException;
import dev.tidemark.api.OutputTag;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.sink.SinkFunction;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class FileSourceTest {

    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void processOnce_readsEveryLineOnce_acrossSplitsAndParallelReaders_skippingHiddenFiles() throws Exception {
        StringBuilder big = new StringBuilder();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            String line = "line-" + i + "-" + "x".repeat(i % 17);
            big.append(line).append(i % 3 == 0 ? "\r\n" : "\n");
            expected.add(line);
        }
        write("a.txt", big.toString());
        write("b.txt", "b1\nb2"); // no final line break
        expected.addAll(List.of("b1", "b2"));
        write(".hidden", "never");
        write("_inprogress", "never");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(3);
        List<String> lines = FileSource.lines(dir.toString()).splitSize(97).build(env).executeAndCollect();
        assertThat(lines).containsExactlyInAnyOrderElementsOf(expected);
    }

    static volatile CountDownLatch readersBlocked;
    static volatile CountDownLatch release;
    static final List<String> READ = new CopyOnWriteArrayList<>();

    /**
     * The monitor hands each reader only a couple of splits ahead: a checkpoint barrier would queue
     * behind every split handed out, so with all of them out at once a checkpoint could not complete
     * until every file was read.
     */
    @Test
    void monitor_handsReadersOnlyAFewSplitsAhead() throws Exception {
        for (int f = 0; f < 60; f++) {
            write("f" + f + ".txt", "line of file " + f + "\n");
        }
        readersBlocked = new CountDownLatch(2);
        release = new CountDownLatch(1);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        READ.clear();
        FileSource.lines(dir.toString()).build(env).map(line -> {
            readersBlocked.countDown();
            release.await(); // both readers hold their first split
            return line;
        }).addSink((SinkFunction<String>) (line, ctx) -> READ.add(line));
        JobClient job = env.executeAsync("bounded splits");
        assertThat(readersBlocked.await(30, TimeUnit.SECONDS)).isTrue();
        String emitted = "FileMonitor(" + dir + ").numRecordsOut";
        long limit = 2L * (FileSource.READER_BUFFER + 1);
        for (int i = 0; i < 200 && job.metrics().getOrDefault(emitted, 0L) < limit; i++) {
            Thread.sleep(5); // the monitor fills the readers' rings, then must wait
        }
        assertThat(job.metrics().get(emitted)).as("splits handed out while both readers are busy")
                .isBetween(2L, limit);
        release.countDown();
        job.await();
        assertThat(READ).hasSize(60);
    }

    record Trip(String city, int minutes) implements Serializable {}

    @Test
    void csvAndJsonLines_mapRowsToElements() throws Exception {
        write("trips.csv", "Berlin,12\n\"Frankfurt, Main\",7\n\"say \"\"hi\"\"\",1\n");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        List<Trip> trips = FileSource.of(dir.resolve("trips.csv").toString(),
                LineFormat.csv(f -> new Trip(f.get(0), Integer.parseInt(f.get(1))))).build(env).executeAndCollect();
        assertThat(trips).containsExactly(new Trip("Berlin", 12), new Trip("Frankfurt, Main", 7), new Trip("say \"hi\"", 1));

        write("trips.jsonl", "{\"city\": \"Oslo\", \"minutes\": 5, \"tags\": [1, 2.5, null, true]}\n{\"city\":\"Riga\\u0021\",\"minutes\":3}\n");
        List<Trip> json = FileSource.of(dir.resolve("trips.jsonl").toString(), LineFormat.jsonLines(
                m -> new Trip((String) m.get("city"), ((Long) m.get("minutes")).intValue()))).build(env).executeAndCollect();
        assertThat(json).containsExactly(new Trip("Oslo", 5), new Trip("Riga!", 3));
    }

    @Test
    void malformedLine_failsTheJobWithFileAndLine_orGoesToTheSideOutput() throws Exception {
        Path file = write("numbers.txt", "1\n2\nthree\n4\n");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        FileSource.of(file.toString(), Integer::parseInt).build(env).addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("operator 'FileReader(" + file + ")'")
                .cause().isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("line must be well-formed: file=" + file + ", line=3")
                .hasRootCauseInstanceOf(NumberFormatException.class);

        OutputTag<MalformedLine> malformed = OutputTag.of("malformed", MalformedLine.class);
        var numbers = FileSource.of(file.toString(), Integer::parseInt).malformedLinesTo(malformed).build(env);
        var bad = numbers.getSideOutput(malformed).map(MalformedLine::location);
        List<Object> all = numbers.map(i -> (Object) i).union(bad.map(s -> (Object) s)).executeAndCollect();
        assertThat(all).containsExactlyInAnyOrder(1, 2, 4, "file=" + file + ", line=3");
    }

    /** Collects lines into a named list and counts down a latch per line. */
    static final class Collect implements SinkFunction<String> {
        static final Map<String, List<String>> LINES = new ConcurrentHashMap<>();
        static final Map<String, CountDownLatch> LATCHES = new ConcurrentHashMap<>();
        private final String name;

        Collect(String name) {
            this.name = name;
        }

        @Override
        public void invoke(String value, Context context) {
            LINES.get(name).add(value);
            LATCHES.get(name).countDown();
        }
    }

    @Test
    void continuously_picksUpNewFiles_andRereadsModifiedOnes() throws Exception {
        write("first.txt", "a\nb\n");
        Collect.LINES.put("cont", new CopyOnWriteArrayList<>());
        Collect.LATCHES.put("cont", new CountDownLatch(2));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        FileSource.lines(dir.toString()).continuously(Duration.ofMillis(5)).build(env).addSink(new Collect("cont"));
        JobClient job = env.executeAsync("watch");
        try {
            assertThat(Collect.LATCHES.get("cont").await(30, TimeUnit.SECONDS)).isTrue();
            Collect.LATCHES.put("cont", new CountDownLatch(1));
            write(".second.txt.tmp", "c\n");
            Files.move(dir.resolve(".second.txt.tmp"), dir.resolve("second.txt"));
            assertThat(Collect.LATCHES.get("cont").await(30, TimeUnit.SECONDS)).isTrue();
            Collect.LATCHES.put("cont", new CountDownLatch(3));
            Path first = write("first.txt", "a\nb\nd\n");
            Files.setLastModifiedTime(first, FileTime.fromMillis(Files.getLastModifiedTime(first).toMillis() + 5_000));
            assertThat(Collect.LATCHES.get("cont").await(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            job.cancel();
        }
        assertThatThrownBy(job::await).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(Collect.LINES.get("cont")).containsExactlyInAnyOrder("a", "b", "c", "a", "b", "d");
    }

    @Test
    void missingPath_failsWithAClearError() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        FileSource.lines(dir.resolve("nope").toString()).build(env).addSink((v, ctx) -> {});
        assertThatThrownBy(env::execute)
                .isInstanceOf(JobExecutionException.class)
                .cause().hasMessageStartingWith("file source path must be a file or a directory");
    }
}
