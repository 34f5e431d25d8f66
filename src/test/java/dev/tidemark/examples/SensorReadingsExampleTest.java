package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The README's example command runs this pipeline; keep its output what the README promises. */
class SensorReadingsExampleTest {

    @Test
    @Timeout(60)
    void main_printsWindowMeans_aLateRefire_andLateReadings() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            SensorReadingsExample.main(new String[0]);
        } finally {
            System.setOut(original);
        }
        String output = captured.toString(StandardCharsets.UTF_8);
        assertThat(output.lines().filter(l -> l.startsWith("window> boiler 22:13:20..22:13:25")))
                .as("fired, then fired again by a reading within the allowed lateness")
                .containsExactly("window> boiler 22:13:20..22:13:25 mean 72.08°C (watermark 22:13:24.999)",
                        "window> boiler 22:13:20..22:13:25 mean 72.14°C (watermark 22:13:24.999)");
        assertThat(output.lines().filter(l -> l.startsWith("LATE"))).hasSize(3);
        assertThat(output.lines().filter(l -> l.startsWith("window>"))).hasSize(9);
    }
}
