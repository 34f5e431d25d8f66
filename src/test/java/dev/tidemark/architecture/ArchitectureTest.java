package dev.tidemark.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.Internal;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Keeps the package map of ARCHITECTURE.md true. */
class ArchitectureTest {

    private static final Path MAIN = Path.of("src/main/java/dev/tidemark");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(dev\\.tidemark\\.[\\w.]+);", Pattern.MULTILINE);

    private static List<String> importsOf(String pkg) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN.resolve(pkg.replace('.', '/')))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = IMPORT.matcher(Files.readString(file));
                while (m.find()) {
                    found.add(MAIN.relativize(file) + " -> " + m.group(1));
                }
            }
        }
        return found;
    }

    @Test
    void eventtime_dependsOnNothingElseOfOurs() throws IOException {
        assertThat(importsOf("eventtime")).allMatch(i -> i.contains("-> dev.tidemark.eventtime."));
    }

    @Test
    void runtime_neverDependsOnTheTestDriver() throws IOException {
        assertThat(importsOf("runtime")).noneMatch(i -> i.contains("-> dev.tidemark.testing."));
    }

    @Test
    void runtimeTimers_dependOnNothingButEventtime() throws IOException {
        assertThat(importsOf("runtime/timers")).allMatch(i -> i.contains("-> dev.tidemark.eventtime.")
                || i.contains("-> dev.tidemark.runtime.timers."));
    }

    @Test
    void publicSignatures_exposeNoRuntimeTypes_unlessMarkedInternal() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (String pkg : List.of("api", "api/functions", "api/source", "api/sink", "eventtime", "testing")) {
            try (Stream<Path> files = Files.list(MAIN.resolve(pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String name = "dev.tidemark." + pkg.replace('/', '.') + "."
                            + file.getFileName().toString().replace(".java", "");
                    Class<?> type = Class.forName(name);
                    if (Modifier.isPublic(type.getModifiers())) {
                        collectLeaks(type, leaks);
                    }
                }
            }
        }
        assertThat(leaks).isEmpty();
    }

    private static void collectLeaks(Class<?> type, List<String> leaks) {
        List<Executable> members = new ArrayList<>(List.of(type.getDeclaredMethods()));
        members.addAll(List.<Constructor<?>>of(type.getDeclaredConstructors()));
        for (Executable member : members) {
            boolean visible = Modifier.isPublic(member.getModifiers()) || Modifier.isProtected(member.getModifiers());
            if (!visible || member.isAnnotationPresent(Internal.class) || member.isSynthetic()) {
                continue;
            }
            List<Class<?>> types = new ArrayList<>(List.of(member.getParameterTypes()));
            if (member instanceof Method method) {
                types.add(method.getReturnType());
            }
            for (Class<?> t : types) {
                if (t.getName().startsWith("dev.tidemark.runtime.")) {
                    leaks.add(type.getSimpleName() + "." + member.getName() + " exposes " + t.getName());
                }
            }
        }
    }
}
