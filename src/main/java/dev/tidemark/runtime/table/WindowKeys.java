package dev.tidemark.runtime.table;

import dev.tidemark.api.functions.KeySelector;
import dev.tidemark.api.functions.LongKeySelector;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a window aggregation reads of its input, rows or a scan's elements: the grouping columns'
 * values as the key, and each aggregate's argument.
 */
final class WindowKeys {

    private WindowKeys() {}

    /**
     * The grouping columns' values as the key: the value itself for one column (no list to make,
     * hash and compare per row), else a list of them (equal values, equal keys).
     */
    record RowKey(int[] columns) implements KeySelector<Object[], Object> {
        @Override
        public Object getKey(Object[] row) {
            if (columns.length == 1) {
                return keyOf(row[columns[0]]);
            }
            List<Object> key = new ArrayList<>(columns.length);
            for (int column : columns) {
                key.add(row[column]);
            }
            return key;
        }
    }

    /** {@link RowKey} over a scan's elements: the grouping columns read from their fields. */
    static final class FieldKey<T> implements KeySelector<T, Object> {
        private static final long serialVersionUID = 1L;
        private final FieldReaders fields;

        FieldKey(List<String> fields) {
            this.fields = new FieldReaders(fields);
        }

        @Override
        public Object getKey(T element) {
            if (fields.size() == 1) {
                return keyOf(fields.read(element, 0));
            }
            List<Object> key = new ArrayList<>(fields.size());
            for (int i = 0; i < fields.size(); i++) {
                key.add(fields.read(element, i));
            }
            return key;
        }
    }

    /** {@link FieldKey} of one {@code long} field, which the windows keep unboxed. */
    static final class LongFieldKey<T> implements LongKeySelector<T> {
        private static final long serialVersionUID = 1L;
        private final String field;
        private transient Class<?> readerClass;
        private transient JavaFields.LongReader reader;

        LongFieldKey(String field) {
            this.field = field;
        }

        @Override
        public long getLongKey(T element) {
            if (element.getClass() != readerClass) {
                reader = JavaFields.longReader(element.getClass(), field);
                readerClass = element.getClass();
            }
            return reader.read(element);
        }
    }

    /** The key of one grouping column's value. */
    private static Object keyOf(Object value) {
        return value == null ? NULL_KEY : value;
    }

    /** The {@code index}th of {@code count} grouping columns' value in {@code key}, as a key selector above made it. */
    static Object keyColumn(Object key, int count, int index) {
        if (count == 1) {
            return key == NULL_KEY ? null : key;
        }
        return ((List<?>) key).get(index);
    }

    /** The key of rows whose one grouping column is NULL (keys must not be null): equal to no value. */
    enum NullKey { NULL }

    private static final NullKey NULL_KEY = NullKey.NULL;

    /** Each aggregate's argument's value in an input: a row, or a scan's element. */
    interface Arguments<IN> extends Serializable {
        /** The {@code i}th aggregate's argument; never asked of {@code COUNT(*)}. */
        Object value(IN input, int i);
    }

    /** Arguments evaluated over rows. */
    static final class RowArguments implements Arguments<Object[]> {
        private static final long serialVersionUID = 1L;
        private final List<Aggregate> aggregates;
        private transient Evaluation[] arguments;

        RowArguments(List<Aggregate> aggregates) {
            this.aggregates = List.copyOf(aggregates);
        }

        @Override
        public Object value(Object[] row, int i) {
            if (arguments == null) {
                Evaluator evaluator = new Evaluator(() -> {
                    throw new IllegalStateException("PROCTIME() in an aggregate's argument");
                });
                arguments = aggregates.stream().map(a -> a.argument() == null ? null : evaluator.compile(a.argument()))
                        .toArray(Evaluation[]::new);
            }
            return arguments[i].apply(row);
        }
    }

    /** Arguments that are fields of a scan's elements. */
    static final class FieldArguments<T> implements Arguments<T> {
        private static final long serialVersionUID = 1L;
        private final FieldReaders fields;

        /** @param fields per aggregate, its argument's field, or {@code null} for {@code COUNT(*)} */
        FieldArguments(List<String> fields) {
            this.fields = new FieldReaders(fields);
        }

        @Override
        public Object value(T element, int i) {
            return fields.read(element, i);
        }
    }
}
