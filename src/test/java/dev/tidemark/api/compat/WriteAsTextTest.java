package dev.tidemark.api.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.fs.FileSystem.WriteMode;
import dev.tidemark.api.tuple.Tuple3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flink's {@code writeAsText} and {@code writeAsCsv}: a file at parallelism 1, a directory of instance files above, overwrite or not. */
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

    @Test
    void writeAsCsv_joinsTupleFields_nullsAsEmptyFields_andRefusesAnElementThatIsNotATuple(@TempDir Path dir)
            throws Exception {
        Path csv = dir.resolve("out.csv");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.create().setParallelism(1);
        env.fromElements(Tuple3.of("a", 1, 2.5), Tuple3.of("b", (Integer) null, 0.0)).writeAsCsv(csv.toString());
        env.execute("csv");
        assertThat(Files.readString(csv)).isEqualTo("a,1,2.5\nb,,0.0\n");

        StreamExecutionEnvironment delimited = StreamExecutionEnvironment.create().setParallelism(1);
        delimited.fromElements(Tuple3.of("a", 1, 2.5)).writeAsCsv(csv.toString(), WriteMode.OVERWRITE, "|", ";");
        delimited.execute("delimited");
        assertThat(Files.readString(csv)).isEqualTo("a;1;2.5|");

        StreamExecutionEnvironment strings = StreamExecutionEnvironment.create().setParallelism(1);
        strings.fromElements("not a tuple").writeAsCsv(dir.resolve("strings.csv").toString());
        assertThatThrownBy(() -> strings.execute("strings"))
                .hasStackTraceContaining("writeAsCsv writes tuples only, as in Flink; got a java.lang.String");
    }
}
