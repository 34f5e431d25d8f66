package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The moving-average example: panes give exactly the windows and means of one accumulator per window. */
class MovingAverageExampleTest {

    @Test
    @Timeout(60)
    void panes_giveTheSameMovingAverages() throws Exception {
        List<String> byPanes = MovingAverageExample.movingAverages(StreamExecutionEnvironment.create(), true)
                .executeAndCollect();
        List<String> byWindow = MovingAverageExample.movingAverages(StreamExecutionEnvironment.create(), false)
                .executeAndCollect();
        assertThat(byPanes).containsExactlyInAnyOrderElementsOf(byWindow)
                .anyMatch(line -> line.startsWith("boiler 22:13:18..22:13:24 mean"));
        assertThat(byPanes).hasSizeGreaterThan(10);
    }
}
