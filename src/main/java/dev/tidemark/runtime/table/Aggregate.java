package dev.tidemark.runtime.table;

import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Evaluation;
import dev.tidemark.runtime.sql.Evaluator;
import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * One aggregate of a window aggregation, with Flink's result types: {@code COUNT(*)} and
 * {@code COUNT(x)} BIGINT NOT NULL (non-null values only), {@code SUM}/{@code MIN}/{@code MAX} the
 * argument's type ({@code SUM(DECIMAL(p, s))} is {@code DECIMAL(38, s)}), {@code AVG} the argument's
 * type too (an integer average of integers, as Flink's), {@code DECIMAL(38, max(6, s))} for
 * decimals. NULL arguments are skipped; over none, SUM, MIN, MAX and AVG are NULL.
 *
 * @param function COUNT, SUM, MIN, MAX or AVG
 * @param argument the argument, or {@code null} for {@code COUNT(*)}
 * @param integral whether it sums INT or BIGINT values (SUM, AVG), which it does unboxed
 */
record Aggregate(Function function, Bound argument, DataType type, boolean integral, boolean distinct)
        implements Serializable {

    /** The aggregate functions of Tidemark SQL. */
    enum Function { COUNT, SUM, MIN, MAX, AVG }

    static Aggregate of(String name, Bound argument) {
        return of(name, argument, false);
    }

    /** {@code name(argument)}, or {@code name(DISTINCT argument)}, which sees each value once. */
    static Aggregate of(String name, Bound argument, boolean distinct) {
        Function function = Function.valueOf(name);
        DataType in = argument == null ? null : argument.type().regular();
        DataType type = switch (function) {
            case COUNT -> DataTypes.BIGINT().withNullable(false);
            case SUM -> in.root() == DataType.Root.DECIMAL ? DataTypes.DECIMAL(38, in.scale()) : in.withNullable(true);
            case AVG -> in.root() == DataType.Root.DECIMAL ? DataTypes.DECIMAL(38, Math.max(6, in.scale()))
                    : in.withNullable(true);
            default -> in.withNullable(true);
        };
        boolean integral = (function == Function.SUM || function == Function.AVG) && argument != null
                && (in.root() == DataType.Root.INT || in.root() == DataType.Root.BIGINT);
        return new Aggregate(function, argument, type, integral, distinct);
    }

    /** The running state of one aggregate: what has been seen of its argument. */
    static final class State implements Serializable {
        private static final long serialVersionUID = 1L;
        long count;
        long integralSum; // the sum of an INT or BIGINT argument, kept unboxed
        long integralHigh; // how often that sum wrapped (WideSums): only the result may overflow
        Object value; // sum, min or max so far; null until a non-null argument came
        java.util.HashSet<Object> seen; // the values a DISTINCT aggregate has taken
    }

    void add(State state, Evaluation argument, Object[] row) {
        add(state, this.argument == null ? null : argument.apply(row));
    }

    /** Adds the argument's value {@code v} (any, for {@code COUNT(*)}) to the state. */
    void add(State state, Object v) {
        if (this.argument == null) {
            state.count++;
            return;
        }
        take(state, v);
    }

    /** Adds a non-null value (once, for DISTINCT) to the state. */
    private void take(State state, Object v) {
        if (v != null && distinct) {
            if (state.seen == null) {
                state.seen = new java.util.HashSet<>();
            }
            if (!state.seen.add(v)) {
                return;
            }
        }
        if (v != null) {
            state.count++;
            if (integral) {
                addToSum(state, ((Number) v).longValue(), 0);
            } else {
                state.value = combine(state.value, v);
            }
        }
    }

    void merge(State into, State from) {
        if (distinct) { // only the values the other state has and this one has not
            if (from.seen != null) {
                from.seen.forEach(v -> take(into, v));
            }
            return;
        }
        into.count += from.count;
        addToSum(into, from.integralSum, from.integralHigh);
        if (from.value != null) {
            into.value = combine(into.value, from.value);
        }
    }

    private static void addToSum(State state, long low, long high) {
        long sum = state.integralSum + low;
        state.integralHigh += high + WideSums.carry(state.integralSum, low, sum);
        state.integralSum = sum;
    }

    /** The value so far ({@code null} if none) with one more non-null value. */
    private Object combine(Object so, Object v) {
        if (so == null) {
            return function == Function.COUNT ? null : v;
        }
        return switch (function) {
            case COUNT -> null;
            case SUM, AVG -> sum(so, v);
            case MIN -> Evaluator.compare(v, so) < 0 ? v : so;
            case MAX -> Evaluator.compare(v, so) > 0 ? v : so;
        };
    }

    /**
     * Whether merging two states gives what adding the second's values to the first one by one gives:
     * counts, MIN and MAX, sums of integers (kept wide: {@link WideSums}) and of decimals; not sums
     * of floating-point values, whose rounding depends on the order.
     */
    boolean mergesExactly() {
        return switch (function) {
            case COUNT, MIN, MAX -> true;
            case SUM, AVG -> integral || type.root() == DataType.Root.DECIMAL;
        };
    }

    /** Whether the aggregate's state is a count and an integral sum alone: COUNT, or SUM or AVG of integers, not DISTINCT. */
    boolean countsInLongs() {
        return !distinct && (function == Function.COUNT || integral);
    }

    /**
     * The result of a COUNT, or of a SUM or AVG of integers, from its count and sum (the sum's low and
     * high words: {@link WideSums}).
     */
    Object result(long count, long integralSum, long integralHigh) {
        if (function == Function.COUNT) {
            return count;
        }
        if (count == 0) {
            return null;
        }
        long total = function == Function.AVG ? WideSums.average(integralHigh, integralSum, count)
                : WideSums.value(integralHigh, integralSum);
        return type.root() == DataType.Root.INT ? (Object) Math.toIntExact(total) : (Object) total;
    }

    Object result(State state) {
        if (function == Function.COUNT || integral) {
            return result(state.count, state.integralSum, state.integralHigh);
        }
        if (state.value == null) {
            return null;
        }
        Object v = state.value;
        if (function == Function.AVG) {
            return switch (type.root()) {
                case INT -> (int) (((Integer) v).longValue() / state.count);
                case BIGINT -> (Long) v / state.count;
                case DOUBLE -> (Double) v / state.count;
                default -> ((BigDecimal) v).divide(BigDecimal.valueOf(state.count), type.scale(), RoundingMode.HALF_UP);
            };
        }
        return type.root() == DataType.Root.DECIMAL ? ((BigDecimal) v).setScale(type.scale(), RoundingMode.HALF_UP) : v;
    }

    private static Object sum(Object a, Object b) {
        if (a instanceof Integer x) {
            return Math.addExact(x, (Integer) b);
        }
        if (a instanceof Long x) {
            return Math.addExact(x, (Long) b);
        }
        if (a instanceof Double x) {
            return x + (Double) b;
        }
        return ((BigDecimal) a).add((BigDecimal) b);
    }
}
