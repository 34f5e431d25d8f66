package dev.tidemark.table;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One result row of a table: its values by position and, for rows that come from a table, by
 * column name. Printed as Flink prints an insert-only row: {@code +I[shoe, 12.50, 2024-05-01T12:00]}.
 */
public final class Row implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Object[] values;
    private final List<String> names; // null for a row by position only

    private Row(Object[] values, List<String> names) {
        this.values = values;
        this.names = names;
    }

    /** A row of {@code values}, by position. */
    public static Row of(Object... values) {
        return new Row(values.clone(), null);
    }

    /** A row of {@code values} named {@code names}, as a table's results are. */
    public static Row withNames(List<String> names, Object[] values) {
        if (names.size() != values.length) {
            throw new IllegalArgumentException("a row needs a name per value: " + names + " for " + values.length
                    + " values");
        }
        return new Row(values.clone(), List.copyOf(names));
    }

    /**
     * A table's row: {@code names} (immutable, shared by every row of the table) and
     * {@code values}, which the planner made for this row alone and nothing changes later.
     */
    static Row ofTable(List<String> names, Object[] values) {
        return new Row(values, names);
    }

    public int getArity() {
        return values.length;
    }

    /** The value at {@code position}, from 0; {@code null} for SQL's NULL. */
    public Object getField(int position) {
        return values[position];
    }

    /**
     * The value of column {@code name}.
     *
     * @throws IllegalArgumentException if the row has no column of that name
     */
    public Object getField(String name) {
        int at = names == null ? -1 : names.indexOf(name);
        if (at < 0) {
            throw new IllegalArgumentException("the row has no column '" + name + "'; it has " + (names == null
                    ? "positions 0 to " + (values.length - 1) : names));
        }
        return values[at];
    }

    /** The column names, or {@code null} for a row by position only. */
    public List<String> getFieldNames() {
        return names;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row other && Arrays.equals(values, other.values) && Objects.equals(names, other.names);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("+I[");
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : ", ").append(values[i] instanceof Object[] nested ? Arrays.toString(nested) : values[i]);
        }
        return s.append(']').toString();
    }
}
