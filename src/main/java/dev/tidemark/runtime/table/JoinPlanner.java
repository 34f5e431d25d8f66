package dev.tidemark.runtime.table;

import dev.tidemark.api.DataStream;
import dev.tidemark.api.KeyedStream;
import dev.tidemark.runtime.sql.Binder;
import dev.tidemark.runtime.sql.Bound;
import dev.tidemark.runtime.sql.Field;
import dev.tidemark.runtime.sql.SqlParser;
import dev.tidemark.runtime.sql.Statement;
import dev.tidemark.runtime.sql.TimeAttributes;
import dev.tidemark.table.DataType;
import dev.tidemark.table.TimeKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Plans {@code left JOIN right ON ..} onto the DataStream joins. With an equality of both sides'
 * {@code window_start} and {@code window_end} it is a window join: a coGroup per key and window,
 * which emits once, when the watermark reaches the window's last millisecond. With bounds on how
 * far one side's rowtime may lie from the other's it is an interval join, whose output watermark is
 * held back by the bounds so that both rowtimes stay time attributes. Any other join of two
 * streams would keep every row forever and is refused.
 */
final class JoinPlanner {

    private JoinPlanner() {}

    static PlannedTable plan(Statement.Join join, PlannedTable left, PlannedTable right) {
        if (join.condition() == null) {
            throw join.position().error("a query joins at most two tables with ','; write the others with JOIN .. ON");
        }
        List<Field> fields = new ArrayList<>(left.fields());
        fields.addAll(right.fields());
        JoinConditions conditions = JoinConditions.of(join.condition(), fields, left.fields().size());
        JoinConditions.KeyPair start = windowBound(conditions, fields, "window_start");
        JoinConditions.KeyPair end = windowBound(conditions, fields, "window_end");
        if (start != null && end != null) {
            return windowJoin(join, left, right, fields, conditions, start, end);
        }
        if (start != null || end != null) {
            throw join.position().error("a window join needs both window_start and window_end of the two sides equal");
        }
        if (conditions.bounds.isEmpty()) {
            throw join.position().error("a join of two streams without a time bound keeps every row forever and would"
                    + " update its results (not supported); bound one side's rowtime by the other's, as in"
                    + " r.ts BETWEEN l.ts - INTERVAL '1' HOUR AND l.ts, or join windows on window_start and window_end");
        }
        return intervalJoin(join, left, right, fields, conditions);
    }

    private static JoinConditions.KeyPair windowBound(JoinConditions conditions, List<Field> fields, String name) {
        for (JoinConditions.KeyPair pair : conditions.keys) {
            if (fields.get(pair.left()).name().equals(name) && fields.get(pair.right()).name().equals(name)) {
                return pair;
            }
        }
        return null;
    }

    private static PlannedTable windowJoin(Statement.Join join, PlannedTable left, PlannedTable right,
            List<Field> fields, JoinConditions conditions, JoinConditions.KeyPair start, JoinConditions.KeyPair end) {
        int leftSize = left.fields().size();
        List<JoinConditions.KeyPair> keys = new ArrayList<>(conditions.keys);
        keys.remove(start);
        keys.remove(end);
        List<Bound> residual = bind(fields, conditions.residual);
        // a BETWEEN gave two bounds of one condition: filter the pairs by it once
        conditions.bounds.stream().map(JoinConditions.TimeBound::at).distinct()
                .forEach(at -> residual.add(new Binder(fields).bind(at)));
        JoinFunctions.JoinKey leftKey = leftKey(keys, fields);
        JoinFunctions.JoinKey rightKey = rightKey(keys, fields, leftSize);
        // every row of one window is stamped with its last millisecond; the left window_time keeps
        // that rowtime, the other rowtime columns become plain timestamps
        int windowTime = -1;
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field field = fields.get(i);
            boolean keep = i < leftSize && windowTime < 0 && field.name().equals("window_time")
                    && field.type().timeKind() == TimeKind.ROWTIME;
            if (keep) {
                windowTime = i;
            }
            DataType type = field.type().timeKind() == TimeKind.ROWTIME && !keep ? field.type().regular() : field.type();
            out.add(new Field(field.qualifier(), field.name(), i >= leftSize && join.kind() == Statement.JoinKind.LEFT
                    ? type.withNullable(true) : type, field.loss()));
        }
        DataStream<Object[]> rows = left.rows().coGroup(right.rows())
                .where(leftKey).equalTo(rightKey)
                .window(new JoinFunctions.RowWindows(start.left(), end.left(), start.right() - leftSize,
                        end.right() - leftSize))
                .apply(new JoinFunctions.WindowPairs(leftKey, rightKey, right.fields().size(),
                        join.kind() == Statement.JoinKind.LEFT, new JoinFunctions.Residual(residual)))
                .name("WindowJoin");
        List<String> plan = plan(left, right);
        plan.add("WindowJoin(" + join.kind() + ", on: " + SqlParser.textOf(join.condition()) + ")");
        return new PlannedTable(rows, out, windowTime, plan);
    }

    private static PlannedTable intervalJoin(Statement.Join join, PlannedTable left, PlannedTable right,
            List<Field> fields, JoinConditions conditions) {
        if (join.kind() != Statement.JoinKind.INNER) {
            throw join.position().error(join.kind() + " JOIN over a time interval is not supported yet; write JOIN");
        }
        if (conditions.keys.isEmpty()) {
            throw join.position().error("an interval join needs an equality between a column of each side, as in"
                    + " l.id = r.id");
        }
        JoinConditions.TimeBound first = conditions.bounds.get(0);
        int leftTime = first.left();
        int rightTime = first.right();
        requireRowtime(fields, leftTime, first);
        requireRowtime(fields, rightTime, first);
        if (fields.get(leftTime).type().root() != fields.get(rightTime).type().root()) {
            throw first.at().position().error("an interval join's rowtimes must both be TIMESTAMP(3) or both"
                    + " TIMESTAMP_LTZ(3), not " + fields.get(leftTime).type().regular() + " and "
                    + fields.get(rightTime).type().regular() + "; CAST one of them");
        }
        Interval interval = new Interval();
        List<dev.tidemark.runtime.sql.Expr> others = new ArrayList<>(conditions.residual);
        for (JoinConditions.TimeBound bound : conditions.bounds) {
            if (bound.left() == leftTime && bound.right() == rightTime) {
                interval.add(bound);
            } else if (!others.contains(bound.at())) { // a BETWEEN gives two bounds of one condition
                others.add(bound.at());
            }
        }
        String between = fields.get(rightTime).qualifiedName() + " - " + fields.get(leftTime).qualifiedName();
        if (interval.lowerAt == null || interval.upperAt == null) {
            throw join.position().error("an interval join needs a lower and an upper bound on " + between
                    + "; only " + (interval.lowerAt == null ? "an upper" : "a lower") + " bound is given");
        }
        long lowest = interval.lowerInclusive ? interval.lower : interval.lower + 1;
        long highest = interval.upperInclusive ? interval.upper : interval.upper - 1;
        if (lowest > highest) {
            throw join.position().error("the time bounds leave no interval: " + between + " must be at least "
                    + interval.lower + " ms and at most " + interval.upper + " ms");
        }
        int leftSize = left.fields().size();
        JoinFunctions.JoinKey leftKey = leftKey(conditions.keys, fields);
        JoinFunctions.JoinKey rightKey = rightKey(conditions.keys, fields, leftSize);
        KeyedStream<Object[], Object> l = left.rowsStampedBy(leftTime).filter(new JoinFunctions.KeyIsSet(leftKey))
                .name("JoinKeyIsSet").keyBy(leftKey);
        KeyedStream<Object[], Object> r = right.rowsStampedBy(rightTime - leftSize)
                .filter(new JoinFunctions.KeyIsSet(rightKey)).name("JoinKeyIsSet").keyBy(rightKey);
        var joined = l.intervalJoin(r).between(Duration.ofMillis(interval.lower), Duration.ofMillis(interval.upper));
        if (!interval.lowerInclusive) {
            joined.lowerBoundExclusive();
        }
        if (!interval.upperInclusive) {
            joined.upperBoundExclusive();
        }
        long delay = Math.max(0, Math.max(interval.upper, -interval.lower));
        DataStream<Object[]> rows = joined.process(new JoinFunctions.IntervalPairs(right.fields().size(),
                new JoinFunctions.Residual(bind(fields, others)))).name("IntervalJoin")
                .transform("IntervalJoin.Watermarks", context -> new WatermarkDelay(delay, context));
        List<String> plan = plan(left, right);
        plan.add("IntervalJoin(on: " + SqlParser.textOf(join.condition()) + "; " + interval.lower + " ms "
                + (interval.lowerInclusive ? "<=" : "<") + " " + between + " " + (interval.upperInclusive ? "<=" : "<")
                + " " + interval.upper + " ms; watermark held back " + delay + " ms)");
        return new PlannedTable(rows, fields, -1, plan);
    }

    /** The tightest of the bounds on the time columns' distance. */
    private static final class Interval {
        long lower;
        long upper;
        boolean lowerInclusive;
        boolean upperInclusive;
        Object lowerAt;
        Object upperAt;

        void add(JoinConditions.TimeBound bound) {
            if (bound.lower()) {
                if (lowerAt == null || bound.offset() > lower || bound.offset() == lower && !bound.inclusive()) {
                    lower = bound.offset();
                    lowerInclusive = bound.inclusive();
                    lowerAt = bound;
                }
            } else if (upperAt == null || bound.offset() < upper || bound.offset() == upper && !bound.inclusive()) {
                upper = bound.offset();
                upperInclusive = bound.inclusive();
                upperAt = bound;
            }
        }
    }

    private static void requireRowtime(List<Field> fields, int column, JoinConditions.TimeBound bound) {
        Field field = fields.get(column);
        TimeKind kind = TimeAttributes.require(new Bound.Column(column, field), field.qualifiedName(), "interval join",
                bound.at().position());
        if (kind != TimeKind.ROWTIME) {
            throw bound.at().position().error("an interval join over the processing-time attribute '"
                    + field.qualifiedName() + "' is not supported yet");
        }
    }

    private static JoinFunctions.JoinKey leftKey(List<JoinConditions.KeyPair> keys, List<Field> fields) {
        for (JoinConditions.KeyPair pair : keys) {
            DataType a = fields.get(pair.left()).type();
            DataType b = fields.get(pair.right()).type();
            boolean integral = List.of(DataType.Root.INT, DataType.Root.BIGINT).containsAll(List.of(a.root(), b.root()));
            if (!integral && a.root() != b.root()) {
                throw pair.at().position().error("a join key compares " + a.regular().withNullable(true) + " with "
                        + b.regular().withNullable(true)
                        + "; CAST one side to the other's type");
            }
        }
        return new JoinFunctions.JoinKey(keys.stream().mapToInt(JoinConditions.KeyPair::left).toArray());
    }

    private static JoinFunctions.JoinKey rightKey(List<JoinConditions.KeyPair> keys, List<Field> fields, int leftSize) {
        return new JoinFunctions.JoinKey(keys.stream().mapToInt(k -> k.right() - leftSize).toArray());
    }

    private static List<Bound> bind(List<Field> fields, List<dev.tidemark.runtime.sql.Expr> conditions) {
        Binder binder = new Binder(fields);
        List<Bound> bound = new ArrayList<>();
        for (dev.tidemark.runtime.sql.Expr condition : conditions) {
            Bound b = binder.bind(condition);
            if (b.type().root() != DataType.Root.BOOLEAN) {
                throw condition.position().error("a join condition must be BOOLEAN, not " + b.type().regular());
            }
            bound.add(b);
        }
        return bound;
    }

    private static List<String> plan(PlannedTable left, PlannedTable right) {
        List<String> plan = new ArrayList<>(left.plan());
        right.plan().forEach(step -> plan.add("  " + step));
        return plan;
    }
}
