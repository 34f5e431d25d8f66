package dev.tidemark.runtime.sql;

import dev.tidemark.table.DataType;
import dev.tidemark.table.DataTypes;
import dev.tidemark.table.SqlException;
import dev.tidemark.table.TimeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Resolves a scalar expression's names against a query's input columns and types it, by the time
 * attribute rules: a bare column reference passes a time attribute on unchanged; any other
 * expression is a plain value, and a timestamp computed from a time attribute remembers where
 * ({@link Field.Lineage}), so that an operator that needs a time attribute can say where it was lost.
 */
public final class Binder {

    /** The aggregate functions of Tidemark SQL, by name. */
    public static final Set<String> AGGREGATES = Set.of("COUNT", "SUM", "MIN", "MAX", "AVG");
    private static final Set<String> WINDOW_FUNCTIONS = Set.of("TUMBLE", "HOP", "CUMULATE", "SESSION");
    private static final Map<String, Operator> COMPARISONS = Map.of("=", Operator.EQUALS, "<>", Operator.NOT_EQUALS,
            "<", Operator.LESS, "<=", Operator.LESS_OR_EQUAL, ">", Operator.GREATER, ">=", Operator.GREATER_OR_EQUAL);
    private static final Map<String, Operator> ARITHMETIC = Map.of("+", Operator.PLUS, "-", Operator.MINUS,
            "*", Operator.TIMES, "/", Operator.DIVIDE, "%", Operator.MOD);

    private final List<Field> input;

    public Binder(List<Field> input) {
        this.input = List.copyOf(input);
    }

    /**
     * {@code e} typed against the input.
     *
     * @throws SqlException at the first name that is not found or ambiguous, or operands of the wrong types
     */
    public Bound bind(Expr e) {
        if (e instanceof Expr.Name name) {
            return column(name);
        }
        if (e instanceof Expr.NullLiteral n) {
            throw n.position().error("NULL has no type here; write CAST(NULL AS <type>)");
        }
        Bound literal = Literals.bind(e);
        if (literal != null) {
            return literal;
        }
        if (e instanceof Expr.Binary b) {
            return binary(b);
        }
        if (e instanceof Expr.Unary u) {
            Bound operand = bind(u.operand());
            if (u.operator().equals("NOT")) {
                require(operand, DataType.Root.BOOLEAN, "NOT", u);
                return apply(Operator.NOT, List.of(operand), DataTypes.BOOLEAN().withNullable(operand.type().nullable()), u);
            }
            requireNumeric(operand, "-", u);
            return apply(Operator.NEGATE, List.of(operand), operand.type().regular(), u);
        }
        if (e instanceof Expr.IsNull n) {
            return apply(n.negated() ? Operator.IS_NOT_NULL : Operator.IS_NULL, List.of(bind(n.value())),
                    DataTypes.BOOLEAN().withNullable(false), n);
        }
        if (e instanceof Expr.Between b) {
            Bound value = bind(b.value());
            Bound low = bindLike(b.low(), value);
            Bound high = bindLike(b.high(), value);
            requireComparable(value, low, "BETWEEN", b);
            requireComparable(value, high, "BETWEEN", b);
            return apply(b.negated() ? Operator.NOT_BETWEEN : Operator.BETWEEN, List.of(value, low, high),
                    DataTypes.BOOLEAN().withNullable(anyNullable(value, low, high)), b);
        }
        if (e instanceof Expr.In in) {
            Bound value = bind(in.value());
            List<Bound> arguments = new ArrayList<>(List.of(value));
            for (Expr candidate : in.candidates()) {
                Bound c = bindLike(candidate, value);
                requireComparable(value, c, "IN", in);
                arguments.add(c);
            }
            return apply(in.negated() ? Operator.NOT_IN : Operator.IN, arguments,
                    DataTypes.BOOLEAN().withNullable(anyNullable(arguments.toArray(Bound[]::new))), in);
        }
        if (e instanceof Expr.Case c) {
            return caseOf(c);
        }
        if (e instanceof Expr.Cast c) {
            Bound value = c.value() instanceof Expr.NullLiteral ? null : bind(c.value());
            DataType target = Types.of(c.type()).withNullable(value == null || value.type().nullable());
            if (value == null) {
                return new Bound.Constant(null, target);
            }
            Types.requireCastable(value.type(), target, c);
            return apply(Operator.CAST, List.of(value), target, c);
        }
        if (e instanceof Expr.Call call) {
            return call(call);
        }
        if (e instanceof Expr.Star s) {
            throw s.position().error("* is allowed only as a select item or in COUNT(*)");
        }
        throw e.position().error("'" + SqlText.of(e) + "' is allowed only as an argument of a window table function");
    }

    private Bound column(Expr.Name name) {
        List<Integer> matches = new ArrayList<>();
        for (int i = 0; i < input.size(); i++) {
            Field field = input.get(i);
            boolean matched = name.parts().size() == 1 ? field.name().equals(name.parts().get(0))
                    : name.parts().size() == 2 && name.parts().get(0).equals(field.qualifier())
                            && name.parts().get(1).equals(field.name());
            if (matched) {
                matches.add(i);
            }
        }
        if (matches.isEmpty()) {
            throw name.position().error("column '" + name.dotted() + "' not found; the input has "
                    + input.stream().map(Field::qualifiedName).collect(Collectors.joining(", ")));
        }
        if (matches.size() > 1) {
            throw name.position().error("column '" + name.dotted() + "' is ambiguous: " + matches.stream()
                    .map(i -> input.get(i).qualifiedName()).collect(Collectors.joining(", ")) + "; qualify it");
        }
        return new Bound.Column(matches.get(0), input.get(matches.get(0)));
    }

    /** {@code e} bound, a NULL literal taking the type of {@code like}. */
    private Bound bindLike(Expr e, Bound like) {
        return e instanceof Expr.NullLiteral ? new Bound.Constant(null, like.type().regular().withNullable(true)) : bind(e);
    }

    private Bound binary(Expr.Binary b) {
        String op = b.operator();
        if (op.equals("AND") || op.equals("OR")) {
            Bound left = bind(b.left());
            Bound right = bind(b.right());
            require(left, DataType.Root.BOOLEAN, op, b);
            require(right, DataType.Root.BOOLEAN, op, b);
            return apply(op.equals("AND") ? Operator.AND : Operator.OR, List.of(left, right),
                    DataTypes.BOOLEAN().withNullable(anyNullable(left, right)), b);
        }
        Bound left = b.left() instanceof Expr.NullLiteral ? null : bind(b.left());
        Bound right = left == null ? bind(b.right()) : bindLike(b.right(), left);
        if (left == null) {
            left = bindLike(b.left(), right);
        }
        if (COMPARISONS.containsKey(op)) {
            requireComparable(left, right, op, b);
            return apply(COMPARISONS.get(op), List.of(left, right), DataTypes.BOOLEAN().withNullable(anyNullable(left, right)),
                    b);
        }
        if (op.equals("||")) {
            require(left, DataType.Root.STRING, op, b);
            require(right, DataType.Root.STRING, op, b);
            return apply(Operator.CONCAT, List.of(left, right), DataTypes.STRING().withNullable(anyNullable(left, right)), b);
        }
        DataType result = Types.arithmetic(op, left.type(), right.type());
        if (result == null) {
            throw b.position().error("cannot apply '" + op + "' to " + left.type().regular() + " and "
                    + right.type().regular() + " in '" + SqlText.of(b) + "'");
        }
        return apply(ARITHMETIC.get(op), List.of(left, right), result.withNullable(anyNullable(left, right)), b);
    }

    private Bound caseOf(Expr.Case c) {
        Bound operand = c.operand() == null ? null : bind(c.operand());
        List<Bound> arguments = new ArrayList<>();
        DataType result = null;
        for (Expr.When when : c.whens()) {
            Bound condition = bind(when.condition());
            if (operand != null) {
                requireComparable(operand, condition, "CASE", c);
                condition = apply(Operator.EQUALS, List.of(operand, condition), DataTypes.BOOLEAN(), c);
            } else {
                require(condition, DataType.Root.BOOLEAN, "WHEN", c);
            }
            Bound value = when.result() instanceof Expr.NullLiteral ? null : bind(when.result());
            arguments.add(condition);
            arguments.add(value);
            result = value == null ? result : Types.common(result, value.type(), c);
        }
        Bound otherwise = c.otherwise() == null || c.otherwise() instanceof Expr.NullLiteral ? null : bind(c.otherwise());
        result = otherwise == null ? result : Types.common(result, otherwise.type(), c);
        if (result == null) {
            throw c.position().error("CASE has no result with a type; CAST one of its NULLs");
        }
        DataType type = result.withNullable(true);
        List<Bound> typed = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            Bound argument = arguments.get(i);
            typed.add(argument == null ? new Bound.Constant(null, type) : i % 2 == 0 ? argument : as(argument, type, c));
        }
        typed.add(otherwise == null ? new Bound.Constant(null, type) : as(otherwise, type, c));
        return apply(Operator.CASE, typed, type, c);
    }

    /** {@code value} as a value of {@code type}, the common type of a CASE's results: 0 in a DECIMAL(10, 2) CASE is 0.00. */
    private static Bound as(Bound value, DataType type, Expr at) {
        DataType from = value.type();
        boolean same = from.root() == type.root() && (from.root() != DataType.Root.DECIMAL || from.scale() == type.scale());
        return same ? value : apply(Operator.CAST, List.of(value), type.withNullable(from.nullable()), at);
    }

    private Bound call(Expr.Call call) {
        String f = call.function();
        List<Bound> arguments = new ArrayList<>();
        if (AGGREGATES.contains(f)) {
            throw call.position().error("aggregate " + f + " is allowed only in the select list or HAVING of a query"
                    + " with GROUP BY");
        }
        if (WINDOW_FUNCTIONS.contains(f)) {
            throw call.position().error(f + " is a window table function: use it as FROM TABLE(" + f + "(TABLE t,"
                    + " DESCRIPTOR(time_column), ..))");
        }
        if (f.equals("COALESCE") || f.equals("CONCAT")) {
            return variadic(call);
        }
        if (f.equals("IF")) { // IF(condition, then, else) is the CASE it stands for
            arity(call, 3);
            return caseOf(new Expr.Case(null, List.of(new Expr.When(call.arguments().get(0), call.arguments().get(1))),
                    call.arguments().get(2), call.position()));
        }
        for (Expr argument : call.arguments()) {
            arguments.add(bind(argument));
        }
        return switch (f) {
            case "PROCTIME" -> {
                arity(call, 0);
                yield new Bound.Apply(Operator.PROCTIME, List.of(), DataTypes.TIMESTAMP_LTZ(3).withNullable(false)
                        .as(TimeKind.PROCTIME), null);
            }
            case "TO_TIMESTAMP_LTZ" -> {
                arity(call, 2);
                requireNumeric(arguments.get(0), f, call);
                if (!(arguments.get(1) instanceof Bound.Constant precision) || !List.of(0, 3).contains(precision.value())) {
                    throw call.position().error("TO_TIMESTAMP_LTZ(value, precision) takes precision 0 (seconds) or 3"
                            + " (milliseconds) as a literal");
                }
                yield apply(Operator.TO_TIMESTAMP_LTZ, arguments,
                        DataTypes.TIMESTAMP_LTZ(3).withNullable(arguments.get(0).type().nullable()), call);
            }
            case "UPPER", "LOWER" -> {
                arity(call, 1);
                require(arguments.get(0), DataType.Root.STRING, f, call);
                yield apply(Operator.valueOf(f), arguments, arguments.get(0).type(), call);
            }
            case "CHAR_LENGTH" -> {
                arity(call, 1);
                require(arguments.get(0), DataType.Root.STRING, f, call);
                yield apply(Operator.CHAR_LENGTH, arguments, DataTypes.INT().withNullable(arguments.get(0).type().nullable()),
                        call);
            }
            case "LIKE" -> { // the parser gives the value, the pattern and maybe the escape character
                require(arguments.get(0), DataType.Root.STRING, f, call);
                require(arguments.get(1), DataType.Root.STRING, f, call);
                Character escape = null;
                if (arguments.size() == 3) {
                    if (!(arguments.get(2) instanceof Bound.Constant e && e.value() instanceof String c
                            && c.length() == 1)) {
                        throw call.arguments().get(2).position().error("LIKE .. ESCAPE takes one character, as a"
                                + " literal");
                    }
                    escape = c.charAt(0);
                }
                if (arguments.get(1) instanceof Bound.Constant p && p.value() instanceof String pattern) {
                    try {
                        Like.regex(pattern, escape);
                    } catch (IllegalArgumentException e) {
                        throw call.arguments().get(1).position().error(e.getMessage());
                    }
                }
                yield apply(Operator.LIKE, arguments, DataTypes.BOOLEAN().withNullable(arguments.get(0).type().nullable()
                        || arguments.get(1).type().nullable()), call);
            }
            case "ABS" -> {
                arity(call, 1);
                requireNumeric(arguments.get(0), f, call);
                yield apply(Operator.ABS, arguments, arguments.get(0).type(), call);
            }
            default -> throw call.position().error("function " + f + " is not supported");
        };
    }

    /**
     * {@code COALESCE(a, b, ..)}, the first value that is not NULL, as the {@code CASE} it stands for
     * (NOT NULL when one of them is); {@code CONCAT(a, b, ..)}, as {@code a || b || ..} (NULL if one
     * is).
     */
    private Bound variadic(Expr.Call call) {
        List<Expr> arguments = call.arguments();
        if (arguments.isEmpty()) {
            throw call.position().error(call.function() + " takes at least one argument");
        }
        if (call.function().equals("CONCAT")) {
            Expr concat = arguments.get(0);
            for (Expr next : arguments.subList(1, arguments.size())) {
                concat = new Expr.Binary("||", concat, next, call.position());
            }
            Bound bound = bind(concat);
            require(bound, DataType.Root.STRING, "CONCAT", call);
            return bound;
        }
        List<Expr.When> whens = new ArrayList<>();
        for (Expr argument : arguments.subList(0, arguments.size() - 1)) {
            whens.add(new Expr.When(new Expr.IsNull(argument, true, argument.position()), argument));
        }
        Bound coalesced = caseOf(new Expr.Case(null, whens, arguments.get(arguments.size() - 1), call.position()));
        boolean notNull = arguments.stream().anyMatch(a -> !(a instanceof Expr.NullLiteral) && !bind(a).type()
                .nullable());
        return notNull && coalesced instanceof Bound.Apply apply
                ? new Bound.Apply(apply.operator(), apply.arguments(), apply.type().withNullable(false), apply.loss())
                : coalesced;
    }

    /** An application of {@code operator}: a plain value, remembering the time attribute it was computed from. */
    private static Bound apply(Operator operator, List<Bound> arguments, DataType type, Expr at) {
        Field.Lineage loss = null;
        if (type.isTimestamp()) {
            for (Bound argument : arguments) {
                if (argument.type().isTimeAttribute() && argument instanceof Bound.Column column) {
                    loss = new Field.Lineage(column.field().qualifiedName(), argument.type().timeKind(), at.position(),
                            SqlText.of(at));
                    break;
                }
                if (argument.loss() != null) {
                    loss = argument.loss();
                    break;
                }
            }
        }
        return new Bound.Apply(operator, arguments, type.regular(), loss);
    }

    private static void arity(Expr.Call call, int count) {
        if (call.arguments().size() != count) {
            throw call.position().error(call.function() + " takes " + count + " argument" + (count == 1 ? "" : "s")
                    + ", not " + call.arguments().size());
        }
    }

    private static void require(Bound operand, DataType.Root root, String operator, Expr at) {
        if (operand.type().root() != root) {
            throw at.position().error(operator + " needs " + root + ", not " + operand.type().regular() + ", in '"
                    + SqlText.of(at) + "'");
        }
    }

    private static void requireNumeric(Bound operand, String operator, Expr at) {
        if (!operand.type().isNumeric()) {
            throw at.position().error(operator + " needs a number, not " + operand.type().regular() + ", in '"
                    + SqlText.of(at) + "'");
        }
    }

    private static void requireComparable(Bound left, Bound right, String operator, Expr at) {
        if (!Types.comparable(left.type(), right.type())) {
            throw at.position().error("cannot compare " + left.type().regular() + " with " + right.type().regular()
                    + " in '" + SqlText.of(at) + "'");
        }
    }

    private static boolean anyNullable(Bound... operands) {
        for (Bound operand : operands) {
            if (operand.type().nullable()) {
                return true;
            }
        }
        return false;
    }
}
