package dev.tidemark.runtime.sql;

/**
 * A compiled expression: its value for one row of input values, by SQL's rules ({@code null} for
 * NULL; a comparison or logic with NULL is NULL unless the other operand decides it).
 *
 * <p>Values are {@code Boolean}, {@code Integer} (INT), {@code Long} (BIGINT, and INTERVAL in
 * milliseconds), {@code Double}, {@code BigDecimal} (DECIMAL, at its type's scale), {@code String},
 * {@code LocalDateTime} (TIMESTAMP) and {@code Instant} (TIMESTAMP_LTZ).
 */
@FunctionalInterface
public interface Evaluation {

    Object apply(Object[] row);
}
