package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataType.Root;
import dev.tidemark.table.DataTypes;
import java.util.List;

/** Type rules of Tidemark SQL: declared types, arithmetic, comparison, common types and casts. */
public final class Types {

    /** Numbers from narrowest to widest: mixing two gives the wider. */
    private static final List<Root> NUMERIC = List.of(Root.INT, Root.BIGINT, Root.DECIMAL, Root.DOUBLE);

    private Types() {}

    /** The type a {@link TypeName} declares, null allowed. */
    public static DataType of(TypeName name) {
        try {
            return switch (name.name()) {
                case "BOOLEAN" -> DataTypes.BOOLEAN();
                case "INT" -> DataTypes.INT();
                case "BIGINT" -> DataTypes.BIGINT();
                case "DOUBLE" -> DataTypes.DOUBLE();
                case "DECIMAL" -> DataTypes.DECIMAL(name.precision() < 0 ? 10 : name.precision(),
                        Math.max(0, name.scale()));
                case "STRING" -> DataTypes.STRING();
                case "TIMESTAMP" -> DataTypes.TIMESTAMP(name.precision() < 0 ? 3 : name.precision());
                case "TIMESTAMP_LTZ" -> DataTypes.TIMESTAMP_LTZ(name.precision() < 0 ? 3 : name.precision());
                default -> throw name.position().error("type " + name + " is not supported");
            };
        } catch (IllegalArgumentException e) {
            throw name.position().error(e.getMessage());
        }
    }

    /** The type of {@code left op right} for {@code + - * / %}, or {@code null} if the operands do not allow it. */
    static DataType arithmetic(String op, DataType left, DataType right) {
        if (left.isNumeric() && right.isNumeric()) {
            Root root = NUMERIC.get(Math.max(NUMERIC.indexOf(left.root()), NUMERIC.indexOf(right.root())));
            if (op.equals("/") && root != Root.DOUBLE && root != Root.DECIMAL) {
                return root == Root.INT ? DataTypes.INT() : DataTypes.BIGINT(); // integer division, as Flink
            }
            return root == Root.DECIMAL ? DataTypes.DECIMAL(38, Math.max(scaleOf(left), scaleOf(right)))
                    : new DataType(root, 0, 0, true, dev.tidemark.table.TimeKind.REGULAR);
        }
        boolean plusOrMinus = op.equals("+") || op.equals("-");
        if (plusOrMinus && left.isTimestamp() && right.root() == Root.INTERVAL) {
            return left.regular();
        }
        if (op.equals("+") && left.root() == Root.INTERVAL && right.isTimestamp()) {
            return right.regular();
        }
        if (plusOrMinus && left.root() == Root.INTERVAL && right.root() == Root.INTERVAL) {
            return DataTypes.INTERVAL();
        }
        return null;
    }

    private static int scaleOf(DataType type) {
        return type.root() == Root.DECIMAL ? type.scale() : 0;
    }

    /** Whether values of the two types can be compared: numbers with numbers, otherwise the same type. */
    static boolean comparable(DataType left, DataType right) {
        return left.isNumeric() && right.isNumeric() || left.root() == right.root();
    }

    /** The type both {@code a} (null if none yet) and {@code b} fit, for CASE's results. */
    static DataType common(DataType a, DataType b, Expr at) {
        if (a == null) {
            return b.regular();
        }
        if (a.isNumeric() && b.isNumeric()) {
            DataType wider = arithmetic("+", a, b);
            return wider.withNullable(a.nullable() || b.nullable());
        }
        if (a.sameValuesAs(b)) {
            return a.withNullable(a.nullable() || b.nullable());
        }
        throw at.position().error("the results of '" + SqlText.of(at) + "' have different types: " + a + " and "
                + b.regular());
    }

    /** Fails unless a value of {@code from} can be cast to {@code to}. */
    static void requireCastable(DataType from, DataType to, Expr.Cast at) {
        boolean castable = from.root() == to.root() || from.root() == Root.STRING || to.root() == Root.STRING
                || from.isNumeric() && to.isNumeric()
                || from.isTimestamp() && to.isTimestamp()
                || from.isNumeric() && to.root() == Root.BOOLEAN;
        if (!castable || from.root() == Root.INTERVAL || to.root() == Root.INTERVAL) {
            throw at.position().error("cannot cast " + from.regular() + " to " + to.regular());
        }
    }
}
