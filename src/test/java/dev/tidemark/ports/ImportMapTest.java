package dev.tidemark.ports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The import map of {@code docs/migrating-from-flink.md} covers every import of the ported
 * programs, each Tidemark import has exactly one Flink origin, and the programs differ from their
 * Flink form in imports only: their Flink form (the map applied backwards) is written to
 * {@code target/flink-ports/}.
 */
class ImportMapTest {

    private static final Path DOC = Path.of("docs/migrating-from-flink.md");
    private static final Path PORTS = Path.of("src/test/java/dev/tidemark/ports");
    private static final Pattern ROW = Pattern.compile("^\\| (.+?) \\| `(dev\\.tidemark\\.[\\w.*]+)` \\|$");
    private static final Pattern FLINK = Pattern.compile("`(org\\.apache\\.flink\\.[\\w.*]+)`");
    private static final Pattern IMPORT = Pattern.compile("^import (dev\\.tidemark\\.[\\w.]+);$", Pattern.MULTILINE);

    /** One row: a Flink class or package ({@code ...*}) and where it is in Tidemark; the first Flink name is the 1.20 one. */
    record Mapping(String flink, String tidemark) {
        /** The Flink class for {@code tidemarkClass}, or null if this row does not cover it. */
        String flinkFor(String tidemarkClass) {
            if (!tidemark.endsWith("*")) {
                return tidemark.equals(tidemarkClass) ? flink : null;
            }
            String pkg = tidemark.substring(0, tidemark.length() - 1);
            if (!tidemarkClass.startsWith(pkg) || tidemarkClass.substring(pkg.length()).contains(".")) {
                return null;
            }
            String simple = tidemarkClass.substring(pkg.length());
            return flink.endsWith("*") ? flink.substring(0, flink.length() - 1) + simple : null;
        }
    }

    static List<Mapping> importMap() throws IOException {
        List<Mapping> rows = new ArrayList<>();
        for (String line : Files.readAllLines(DOC)) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                Matcher flink = FLINK.matcher(row.group(1));
                assertThat(flink.find()).as("a Flink name in row %s", line).isTrue();
                rows.add(new Mapping(flink.group(1), row.group(2)));
            }
        }
        assertThat(rows).as("rows of the import map").hasSizeGreaterThan(20);
        return rows;
    }

    /** The Flink class of {@code tidemarkClass}: from a class row if there is one, else from the one package row. */
    static String flinkClassOf(String tidemarkClass, List<Mapping> map) {
        List<String> exact = map.stream().filter(m -> m.tidemark().equals(tidemarkClass)).map(Mapping::flink).toList();
        if (!exact.isEmpty()) {
            assertThat(exact).as("class rows for %s", tidemarkClass).hasSize(1);
            return exact.get(0);
        }
        List<String> byPackage = map.stream().map(m -> m.flinkFor(tidemarkClass)).filter(f -> f != null).distinct().toList();
        assertThat(byPackage).as("Flink origins of %s: the import map must name exactly one", tidemarkClass).hasSize(1);
        return byPackage.get(0);
    }

    @Test
    void everyImportOfThePortedPrograms_mapsToOneFlinkClass_andTheirFlinkFormIsWritten() throws IOException {
        List<Mapping> map = importMap();
        Path out = Path.of("target/flink-ports");
        Files.createDirectories(out);
        List<Path> programs;
        try (Stream<Path> files = Files.list(PORTS)) {
            programs = files.filter(f -> !f.getFileName().toString().endsWith("Test.java")).sorted().toList();
        }
        assertThat(programs).as("ported programs").hasSizeGreaterThanOrEqualTo(6);
        for (Path program : programs) {
            String source = Files.readString(program);
            Matcher imports = IMPORT.matcher(source);
            StringBuilder flink = new StringBuilder();
            while (imports.find()) {
                String flinkClass = flinkClassOf(imports.group(1), map);
                assertThat(flinkClass).as("%s: import %s", program.getFileName(), imports.group(1))
                        .startsWith("org.apache.flink.").doesNotContain("*");
                imports.appendReplacement(flink, Matcher.quoteReplacement("import " + flinkClass + ";"));
            }
            imports.appendTail(flink);
            assertThat(flink.toString()).as("%s in Flink's form", program.getFileName()).doesNotContain("dev.tidemark.api",
                    "dev.tidemark.eventtime", "dev.tidemark.windowing", "dev.tidemark.state");
            Files.writeString(out.resolve(program.getFileName()), flink);
        }
    }

    @Test
    void theMapsTidemarkSide_exists() throws Exception {
        for (Mapping m : importMap()) {
            if (m.tidemark().endsWith("*")) {
                String pkg = m.tidemark().substring(0, m.tidemark().length() - 2);
                assertThat(Path.of("src/main/java", pkg.replace('.', '/'))).as("package %s", pkg).isDirectory();
            } else if (!m.tidemark().startsWith("dev.tidemark.testing")) {
                assertThat(Class.forName(m.tidemark())).as("class %s", m.tidemark()).isNotNull();
            } else {
                Class.forName(m.tidemark());
            }
        }
    }
}
