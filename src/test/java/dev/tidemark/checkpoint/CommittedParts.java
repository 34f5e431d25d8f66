package dev.tidemark.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What a file sink has committed: the lines of every visible part file, sorted. */
public final class CommittedParts {

    private CommittedParts() {}

    /** The committed lines under {@code directory}, sorted; hidden (in-progress) files are not committed. */
    public static List<String> read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path part : files.filter(f -> !f.getFileName().toString().startsWith(".")).toList()) {
                lines.addAll(Files.readAllLines(part));
            }
        }
        return lines.stream().sorted().toList();
    }
}
