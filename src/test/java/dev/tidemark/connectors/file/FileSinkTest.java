package dev.tidemark.connectors.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class FileSinkTest {

    @TempDir
    Path dir;

    private List<String> files() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void fileUris_nameLocalPaths_asInFlink() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.fromSequence(1, 3).addSink(FileSink.lines(dir.toUri().toString())); // file:///tmp/junit.../
        env.execute();
        assertThat(files()).hasSize(1).allMatch(name -> name.startsWith("part-"));
        assertThat(FileSource.lines("file:" + dir).build(env).executeAndCollect()).containsExactlyInAnyOrder("1", "2", "3");
        assertThat(dev.tidemark.api.fs.Path.local("file://localhost/tmp/x", "path")).isEqualTo(Path.of("/tmp/x"));
        assertThatThrownBy(() -> FileSink.lines("hdfs://namenode/out")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("directory must be a local path or a file: URI: directory=hdfs://namenode/out, scheme=hdfs");
    }

    @Test
    void flinksShapes_forRowFormatAndSinkTo_forRecordStreamFormatAndFromSource() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        FileSink<Long> sink = FileSink.forRowFormat(new dev.tidemark.api.fs.Path(dir.toUri()),
                new SimpleStringEncoder<Long>("UTF-8")).build();
        env.fromSequence(1, 100).sinkTo(sink);
        env.execute("write");

        FileSource<String> source = FileSource.forRecordStreamFormat(new TextLineInputFormat(),
                new dev.tidemark.api.fs.Path(dir.toString())).build();
        List<String> lines = StreamExecutionEnvironment.create()
                .fromSource(source, dev.tidemark.eventtime.WatermarkStrategy.noWatermarks(), "files")
                .executeAndCollect();
        assertThat(lines).containsExactlyInAnyOrderElementsOf(
                LongStream.rangeClosed(1, 100).mapToObj(String::valueOf).toList());
    }

    @Test
    void parts_rollBySize_areRenamedWhenComplete_andReadBackExactly() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(2);
        env.fromSequence(1, 10_000).addSink(new FileSink<>(dir.toString(), String::valueOf, 4_096));
        env.execute();
        List<String> files = files();
        assertThat(files).isNotEmpty().allMatch(name -> name.matches("part-[0-9a-f]{8}-[01]-\\d+"));
        assertThat(files.size()).as("about 49 KB in parts of 4 KB").isGreaterThan(10);

        List<Long> back = FileSource.of(dir.toString(), Long::parseLong).build(env).executeAndCollect();
        assertThat(back).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 10_000).boxed().toList());
    }

    @Test
    void failedJob_leavesNoInProgressPart() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create();
        env.fromSequence(1, 1_000).map(i -> {
            if (i == 500) {
                throw new IllegalStateException("stop");
            }
            return i;
        }).addSink(FileSink.lines(dir.toString()));
        org.assertj.core.api.Assertions.assertThatThrownBy(env::execute);
        assertThat(files()).isEmpty();
    }
}
