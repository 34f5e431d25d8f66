package dev.tidemark.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * As {@link ParameterTool}, keeping every value of a key given more than once
 * ({@code --input a --input b}): {@link #getMultiParameter} returns them all, while {@link #get}
 * of a key with several values fails, naming the key, as in Flink.
 */
public class MultipleParameterTool extends ParameterTool {

    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, List<String>> values;

    private MultipleParameterTool(LinkedHashMap<String, List<String>> values) {
        super(lastValues(values));
        this.values = values;
    }

    private static Map<String, String> lastValues(Map<String, List<String>> values) {
        Map<String, String> last = new LinkedHashMap<>();
        values.forEach((key, list) -> last.put(key, list.get(list.size() - 1)));
        return last;
    }

    /** Parses {@code --key value} arguments, keeping every value of a repeated key. */
    public static MultipleParameterTool fromArgs(String[] args) {
        LinkedHashMap<String, List<String>> values = new LinkedHashMap<>();
        Arguments.parse(args, (key, value) -> values.computeIfAbsent(key, k -> new ArrayList<>()).add(value));
        return new MultipleParameterTool(values);
    }

    /** Every value of {@code key}, in order; {@code null} if it is not there. */
    public Collection<String> getMultiParameter(String key) {
        has(key);
        List<String> list = values.get(key);
        return list == null ? null : Collections.unmodifiableList(list);
    }

    /**
     * @throws IllegalStateException if {@code key} has more than one value
     */
    @Override
    public String get(String key) {
        List<String> list = values.get(key);
        if (list != null && list.size() > 1) {
            throw new IllegalStateException("key must have one value for get(): key=" + key + ", values=" + list
                    + "; use getMultiParameter");
        }
        return super.get(key);
    }

    /** Every value of every key. */
    public Map<String, Collection<String>> toMultiMap() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
