package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.fs.FileSystem.WriteMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flink's {@code writeAsText}: a file at parallelism 1, a directory of instance files above, overwrite or not. */
@SuppressWarnings("deprecation")
class WriteAsTextTest {

    @Test
    void oneFileAtParallelismOne_aFilePerInstanceAbove_andNoOverwriteRefusesAnExistingFile(@TempDir Path dir)
            throws Exception {
        Path single = dir.resolve("out.txt");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.fromElements("a", "b").writeAsText(single.toString());
        env.execute("one");
        assertThat(Files.readAllLines(single)).containsExactly("a", "b");

        StreamExecutionEnvironment again = StreamExecutionEnvironment.create().setParallelism(1);
        again.fromElements("c").writeAsText(single.toString());
        assertThatThrownBy(() -> again.execute("again")).hasStackTraceContaining("the write mode is NO_OVERWRITE");

        StreamExecutionEnvironment overwrite = StreamExecutionEnvironment.create().setParallelism(1);
        overwrite.fromElements("c").writeAsText("file:" + single, WriteMode.OVERWRITE);
        overwrite.execute("overwrite");
        assertThat(Files.readAllLines(single)).containsExactly("c");

        Path many = dir.resolve("many");
        StreamExecutionEnvironment parallel = StreamExecutionEnvironment.create().setParallelism(2);
        parallel.fromSequence(1, 6).writeAsText(many.toString(), WriteMode.OVERWRITE).setParallelism(2);
        parallel.execute("parallel");
        List<String> all = new ArrayList<>(Files.readAllLines(many.resolve("1")));
        all.addAll(Files.readAllLines(many.resolve("2")));
        assertThat(all).containsExactlyInAnyOrder("1", "2", "3", "4", "5", "6");
    }
}
