package dev.tidemark.api;

import dev.tidemark.checkpoint.CheckpointConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of a job that every operator can read. Obtained from
 * {@link StreamExecutionEnvironment#getConfig()}; setters return {@code this} for chaining.
 *
 * <p>Threading: configure before {@code execute}; a running job uses a snapshot taken at submission.
 */
public final class ExecutionConfig {

    /** The default auto-watermark interval, as in Flink. */
    public static final Duration DEFAULT_AUTO_WATERMARK_INTERVAL = Duration.ofMillis(200);

    /** The largest accepted interval; longer ones are almost certainly a unit mistake. */
    public static final Duration MAX_AUTO_WATERMARK_INTERVAL = Duration.ofDays(1);

    private Duration autoWatermarkInterval = DEFAULT_AUTO_WATERMARK_INTERVAL;
    private EndOfInput endOfInput = EndOfInput.EMIT_FINAL_WATERMARK;
    private int maxParallelism = 128;
    private Duration metricsLogInterval = Duration.ZERO;
    private CheckpointConfig checkpointConfig = new CheckpointConfig();
    private GlobalJobParameters globalJobParameters = new GlobalJobParameters();

    /**
     * Parameters every function can read at run time ({@code getRuntimeContext().getGlobalJobParameters()}),
     * as Flink programs pass them; {@code ParameterTool} is one. This base holds none.
     */
    public static class GlobalJobParameters implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        /** The parameters as keys and values. */
        public java.util.Map<String, String> toMap() {
            return java.util.Map.of();
        }
    }

    /** Sets the parameters every function can read at run time. */
    public void setGlobalJobParameters(GlobalJobParameters parameters) {
        this.globalJobParameters = java.util.Objects.requireNonNull(parameters, "global job parameters must not be null");
    }

    /** The parameters every function can read at run time; none unless set. */
    public GlobalJobParameters getGlobalJobParameters() {
        return globalJobParameters;
    }

    /** The serializer settings, for {@code type.createSerializer(config.getSerializerConfig())} as in Flink 1.19+. */
    public SerializerConfig getSerializerConfig() {
        return SerializerConfig.DEFAULT;
    }

    /** A copy of this configuration. */
    public ExecutionConfig copy() {
        ExecutionConfig copy = new ExecutionConfig();
        copy.autoWatermarkInterval = autoWatermarkInterval;
        copy.endOfInput = endOfInput;
        copy.maxParallelism = maxParallelism;
        copy.metricsLogInterval = metricsLogInterval;
        copy.checkpointConfig = checkpointConfig.copy();
        copy.globalJobParameters = globalJobParameters;
        return copy;
    }

    /** As {@link #setAutoWatermarkInterval(Duration)}, in milliseconds, as Flink programs call it. */
    public ExecutionConfig setAutoWatermarkInterval(long intervalMillis) {
        if (intervalMillis < 0) {
            throw new IllegalArgumentException("auto-watermark interval must not be negative: intervalMillis="
                    + intervalMillis);
        }
        return setAutoWatermarkInterval(Duration.ofMillis(intervalMillis));
    }

    /**
     * How often periodic watermark generators are asked for a watermark, in processing time.
     * {@link Duration#ZERO} turns periodic emission off.
     *
     * @throws IllegalArgumentException if negative or longer than {@link #MAX_AUTO_WATERMARK_INTERVAL}
     */
    public ExecutionConfig setAutoWatermarkInterval(Duration interval) {
        Objects.requireNonNull(interval, "autoWatermarkInterval must not be null");
        if (interval.isNegative()) {
            throw new IllegalArgumentException(
                    "autoWatermarkInterval must not be negative: autoWatermarkInterval=" + interval
                            + "; use Duration.ZERO to turn periodic watermarks off");
        }
        if (interval.compareTo(MAX_AUTO_WATERMARK_INTERVAL) > 0) {
            throw new IllegalArgumentException("autoWatermarkInterval must be at most "
                    + MAX_AUTO_WATERMARK_INTERVAL + ": autoWatermarkInterval=" + interval
                    + "; use Duration.ZERO to turn periodic watermarks off");
        }
        this.autoWatermarkInterval = interval;
        return this;
    }

    /** The auto-watermark interval; zero when periodic emission is off. */
    public Duration getAutoWatermarkInterval() {
        return autoWatermarkInterval;
    }

    /** The auto-watermark interval in milliseconds; 0 when off. */
    public long getAutoWatermarkIntervalMillis() {
        return autoWatermarkInterval.toMillis();
    }

    /** What a bounded input does when it is exhausted; see {@link EndOfInput}. */
    public ExecutionConfig setEndOfInput(EndOfInput endOfInput) {
        this.endOfInput = Objects.requireNonNull(endOfInput, "endOfInput must not be null");
        return this;
    }

    /** What a bounded input does when it is exhausted. */
    public EndOfInput getEndOfInput() {
        return endOfInput;
    }

    /**
     * The number of key groups, the upper bound for parallelism when keyed state is rescaled
     * (default 128, at most 32768).
     */
    public ExecutionConfig setMaxParallelism(int maxParallelism) {
        if (maxParallelism < 1 || maxParallelism > 1 << 15) {
            throw new IllegalArgumentException("maxParallelism must be between 1 and 32768: maxParallelism="
                    + maxParallelism);
        }
        this.maxParallelism = maxParallelism;
        return this;
    }

    /** The number of key groups. */
    public int getMaxParallelism() {
        return maxParallelism;
    }

    /**
     * Logs the job's metrics (records in/out, watermarks and lag, late records dropped, time
     * blocked on backpressure) at INFO every {@code interval}; {@link Duration#ZERO} (the default)
     * turns it off.
     *
     * @throws IllegalArgumentException if negative
     */
    public ExecutionConfig setMetricsLogInterval(Duration interval) {
        Objects.requireNonNull(interval, "metricsLogInterval must not be null");
        if (interval.isNegative()) {
            throw new IllegalArgumentException("metricsLogInterval must not be negative: metricsLogInterval=" + interval);
        }
        this.metricsLogInterval = interval;
        return this;
    }

    /** How often metrics are logged; zero when off. */
    public Duration getMetricsLogInterval() {
        return metricsLogInterval;
    }

    /** How the job takes checkpoints and recovers from failures. */
    public CheckpointConfig getCheckpointConfig() {
        return checkpointConfig;
    }
}
