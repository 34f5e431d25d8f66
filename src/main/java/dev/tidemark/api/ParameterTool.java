package dev.tidemark.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;

/**
 * A program's parameters from its arguments ({@code --input in.txt --verbose}), a properties file,
 * a map or the system properties, read as the type asked for, as Flink programs read theirs. Pass it
 * to {@code env.getConfig().setGlobalJobParameters(params)} to read it in functions.
 *
 * <p>Arguments are keys starting with {@code -} or {@code --}, each followed by its value unless the
 * next argument is a key too (then the key has no value: {@link #has} is true, {@link #get} returns
 * {@link #NO_VALUE_KEY}); a negative number is a value, not a key. A key given twice keeps its last
 * value ({@link MultipleParameterTool} keeps them all).
 */
public class ParameterTool extends ExecutionConfig.GlobalJobParameters {

    private static final long serialVersionUID = 1L;

    /** The value of a key given without one. */
    public static final String NO_VALUE_KEY = "__NO_VALUE_KEY";

    private final LinkedHashMap<String, String> data;
    private final transient Set<String> unrequested;

    protected ParameterTool(Map<String, String> data) {
        this.data = new LinkedHashMap<>(data);
        this.unrequested = Collections.synchronizedSet(new HashSet<>(data.keySet()));
    }

    /** Parses {@code --key value} and {@code -key value} pairs. */
    public static ParameterTool fromArgs(String[] args) {
        Map<String, String> map = new LinkedHashMap<>();
        Arguments.parse(args, (key, value) -> map.put(key, value));
        return new ParameterTool(map);
    }

    /** The properties of a file (as {@link Properties#load(Reader)} reads it, UTF-8). */
    public static ParameterTool fromPropertiesFile(String path) throws IOException {
        Path file = Path.of(Objects.requireNonNull(path, "path must not be null"));
        if (!Files.exists(file)) {
            throw new java.io.FileNotFoundException("properties file does not exist: " + file);
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Properties properties = new Properties();
            properties.load(reader);
            return fromProperties(properties);
        }
    }

    /** The properties of a file. */
    public static ParameterTool fromPropertiesFile(java.io.File file) throws IOException {
        return fromPropertiesFile(file.getPath());
    }

    /** The properties a stream holds. */
    public static ParameterTool fromPropertiesFile(InputStream in) throws IOException {
        Properties properties = new Properties();
        properties.load(in);
        return fromProperties(properties);
    }

    /** The keys and values of {@code map}. */
    public static ParameterTool fromMap(Map<String, String> map) {
        return new ParameterTool(Objects.requireNonNull(map, "map must not be null"));
    }

    /** The JVM's system properties. */
    public static ParameterTool fromSystemProperties() {
        return fromProperties(System.getProperties());
    }

    private static ParameterTool fromProperties(Properties properties) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            map.put(name, properties.getProperty(name));
        }
        return new ParameterTool(map);
    }

    public int getNumberOfParameters() {
        return data.size();
    }

    public boolean has(String key) {
        requested(key);
        return data.containsKey(key);
    }

    /** The value of {@code key}, or {@code null} if it is not there. */
    public String get(String key) {
        requested(key);
        return data.get(key);
    }

    public String get(String key, String defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : value;
    }

    /**
     * @throws RuntimeException naming the key, if it is not there (a key without a value has {@link #NO_VALUE_KEY})
     */
    public String getRequired(String key) {
        String value = get(key);
        if (value == null) {
            throw new RuntimeException("No data for required key '" + key + "'");
        }
        return value;
    }

    public int getInt(String key) {
        return parse(key, getRequired(key), Integer::parseInt);
    }

    public int getInt(String key, int defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : parse(key, value, Integer::parseInt);
    }

    public long getLong(String key) {
        return parse(key, getRequired(key), Long::parseLong);
    }

    public long getLong(String key, long defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : parse(key, value, Long::parseLong);
    }

    public double getDouble(String key) {
        return parse(key, getRequired(key), Double::parseDouble);
    }

    public double getDouble(String key, double defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : parse(key, value, Double::parseDouble);
    }

    public float getFloat(String key) {
        return parse(key, getRequired(key), Float::parseFloat);
    }

    public float getFloat(String key, float defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : parse(key, value, Float::parseFloat);
    }

    public short getShort(String key) {
        return parse(key, getRequired(key), Short::parseShort);
    }

    public short getShort(String key, short defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : parse(key, value, Short::parseShort);
    }

    /** {@code value} of {@code key} as a number; a {@link NumberFormatException} names the key. */
    private static <T> T parse(String key, String value, java.util.function.Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (NumberFormatException e) {
            NumberFormatException named = new NumberFormatException("parameter must be a number: key=" + key
                    + ", value=" + value);
            named.initCause(e);
            throw named;
        }
    }

    /** Whether the value is "true" (ignoring case), as Flink reads it: a key without a value is {@code false}; use {@link #has}. */
    public boolean getBoolean(String key) {
        return Boolean.parseBoolean(getRequired(key));
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        String value = get(key);
        return value == null ? defaultValue : Boolean.parseBoolean(value);
    }

    /** The keys nobody has asked for yet: a way to find misspelled arguments. */
    public Set<String> getUnrequestedParameters() {
        return Collections.unmodifiableSet(new HashSet<>(unrequested == null ? Set.of() : unrequested));
    }

    private void requested(String key) {
        if (unrequested != null) {
            unrequested.remove(key);
        }
    }

    /** Both sets of parameters; those of {@code other} win where a key is in both. */
    public ParameterTool mergeWith(ParameterTool other) {
        Map<String, String> merged = new LinkedHashMap<>(data);
        merged.putAll(other.data);
        return new ParameterTool(merged);
    }

    /** The parameters as a {@link Configuration}. */
    public Configuration getConfiguration() {
        Configuration configuration = new Configuration();
        data.forEach(configuration::setString);
        return configuration;
    }

    /** The parameters as {@link Properties}. */
    public Properties getProperties() {
        Properties properties = new Properties();
        properties.putAll(data);
        return properties;
    }

    @Override
    public Map<String, String> toMap() {
        return Collections.unmodifiableMap(data);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParameterTool other && data.equals(other.data);
    }

    @Override
    public int hashCode() {
        return data.hashCode();
    }

    /** The rules of {@code --key value} arguments, shared with {@link MultipleParameterTool}. */
    static final class Arguments {
        interface Sink {
            void accept(String key, String value);
        }

        static void parse(String[] args, Sink sink) {
            Objects.requireNonNull(args, "args must not be null");
            int i = 0;
            while (i < args.length) {
                String key = keyOf(args, i);
                if (i + 1 < args.length && !isKey(args[i + 1])) {
                    sink.accept(key, args[i + 1]);
                    i += 2;
                } else {
                    sink.accept(key, NO_VALUE_KEY);
                    i += 1;
                }
            }
        }

        private static String keyOf(String[] args, int i) {
            String arg = args[i];
            if (!isKey(arg)) {
                throw new IllegalArgumentException("Error parsing arguments '" + List.of(args) + "' on '" + arg
                        + "'. Please prefix keys with -- or -.");
            }
            String key = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
            if (key.isEmpty()) {
                throw new IllegalArgumentException("The input " + List.of(args) + " contains an empty argument");
            }
            return key;
        }

        /** A key starts with a dash and is not a negative number. */
        private static boolean isKey(String arg) {
            if (!arg.startsWith("-")) {
                return false;
            }
            try {
                Double.parseDouble(arg);
                return false;
            } catch (NumberFormatException e) {
                return true;
            }
        }
    }
}
