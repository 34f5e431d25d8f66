package dev.tidemark.api;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * String keys and values, read back as the type asked for: what Flink programs pass to
 * {@code open(Configuration)} (always empty there, as in Flink) and keep job parameters in.
 */
public class Configuration implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, String> values = new LinkedHashMap<>();

    public Configuration() {}

    /** A copy of {@code other}. */
    public Configuration(Configuration other) {
        values.putAll(other.values);
    }

    public String getString(String key, String defaultValue) {
        return values.getOrDefault(key, defaultValue);
    }

    public void setString(String key, String value) {
        values.put(Objects.requireNonNull(key, "key must not be null"), Objects.requireNonNull(value,
                "value must not be null: key=" + key));
    }

    public int getInteger(String key, int defaultValue) {
        String value = values.get(key);
        return value == null ? defaultValue : parse(key, value, Integer::parseInt);
    }

    public void setInteger(String key, int value) {
        setString(key, Integer.toString(value));
    }

    public long getLong(String key, long defaultValue) {
        String value = values.get(key);
        return value == null ? defaultValue : parse(key, value, Long::parseLong);
    }

    public void setLong(String key, long value) {
        setString(key, Long.toString(value));
    }

    public double getDouble(String key, double defaultValue) {
        String value = values.get(key);
        return value == null ? defaultValue : parse(key, value, Double::parseDouble);
    }

    public void setDouble(String key, double value) {
        setString(key, Double.toString(value));
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        String value = values.get(key);
        if (value == null) {
            return defaultValue;
        }
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new IllegalArgumentException("configuration value must be true or false: key=" + key + ", value=" + value);
    }

    public void setBoolean(String key, boolean value) {
        setString(key, Boolean.toString(value));
    }

    public boolean containsKey(String key) {
        return values.containsKey(key);
    }

    public Set<String> keySet() {
        return Collections.unmodifiableSet(values.keySet());
    }

    /** Every key and value, in the order they were first set. */
    public Map<String, String> toMap() {
        return Collections.unmodifiableMap(values);
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private static <T> T parse(String key, String value, Parser<T> parser) {
        try {
            return parser.parse(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("configuration value must be a number: key=" + key + ", value=" + value, e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Configuration other && values.equals(other.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
