package dev.tidemark.runtime.sql;

/** The scalar operators and functions a bound expression may apply. */
public enum Operator {
    PLUS, MINUS, TIMES, DIVIDE, MOD, NEGATE, CONCAT,
    EQUALS, NOT_EQUALS, LESS, LESS_OR_EQUAL, GREATER, GREATER_OR_EQUAL,
    AND, OR, NOT, IS_NULL, IS_NOT_NULL, BETWEEN, NOT_BETWEEN, IN, NOT_IN,
    /** Arguments: (condition, result)* [else]; the else is a null constant when absent. */
    CASE,
    CAST,
    PROCTIME,
    TO_TIMESTAMP_LTZ,
    UPPER, LOWER, CHAR_LENGTH, ABS, LIKE
}
