package dev.tidemark.connectors.file;

import dev.tidemark.api.OutputTag;
import dev.tidemark.api.SingleOutputStreamOperator;
import dev.tidemark.api.StreamExecutionEnvironment;
import dev.tidemark.api.graph.Operation;
import dev.tidemark.api.source.ComposedSource;
import dev.tidemark.eventtime.WatermarkStrategy;
import dev.tidemark.runtime.graph.OneInputTransformation;
import dev.tidemark.runtime.graph.SerializedValue;
import java.time.Duration;
import java.util.Objects;

/**
 * Reads line-oriented files: a single file or the files of a directory, once or continuously.
 *
 * <pre>{@code
 * SingleOutputStreamOperator<Trip> trips = FileSource
 *         .of("data/trips", LineFormat.csv(fields -> Trip.of(fields)))
 *         .continuously(Duration.ofSeconds(10))
 *         .malformedLinesTo(MALFORMED)
 *         .build(env);
 * DataStream<MalformedLine> bad = trips.getSideOutput(MALFORMED);
 * }</pre>
 *
 * <p>One monitoring instance lists the files and cuts them into splits of {@link #splitSize} bytes;
 * the reading instances (the environment's parallelism) share the splits. Elements carry no
 * timestamps: assign them with {@code assignTimestampsAndWatermarks}. In
 * {@link FileProcessingMode#PROCESS_ONCE} the stream ends after the files present at the start,
 * with the final watermark; continuously it never ends, and a modified file is read again whole.
 * By default hidden and in-progress files (names starting with {@code .} or {@code _}) are skipped.
 *
 * @param <T> the element type
 */
public final class FileSource<T> implements ComposedSource<T> {

    /** How many splits each reader's input holds, beside the one it reads. */
    static final int READER_BUFFER = 2;

    /** The default split size: 32 MiB. */
    public static final long DEFAULT_SPLIT_SIZE = 32L << 20;

    private final String path;
    private final LineFormat<T> format;
    private FileProcessingMode mode = FileProcessingMode.PROCESS_ONCE;
    private long intervalMillis;
    private FilePathFilter filter = FilePathFilter.skipHiddenAndInProgress();
    private long splitSize = DEFAULT_SPLIT_SIZE;
    private OutputTag<MalformedLine> malformedTag;

    private FileSource(String path, LineFormat<T> format) {
        this.path = dev.tidemark.api.fs.Path.local(path, "path").toString();
        this.format = Objects.requireNonNull(format, "format must not be null");
    }

    /** The lines of {@code path} (a file or a directory; a path or a {@code file:} URI), as they are. */
    public static FileSource<String> lines(String path) {
        return new FileSource<>(path, LineFormat.text());
    }

    /** The lines of {@code path}, parsed by {@code format}. */
    public static <T> FileSource<T> of(String path, LineFormat<T> format) {
        return new FileSource<>(path, format);
    }

    /**
     * Flink's way to name a file source: {@code FileSource.forRecordStreamFormat(new TextLineInputFormat(),
     * new Path(dir)).build()}, then {@code env.fromSource(source, strategy, name)}.
     */
    public static <T> FileSource<T> forRecordStreamFormat(LineFormat<T> format, dev.tidemark.api.fs.Path path) {
        return new FileSource<>(Objects.requireNonNull(path, "path must not be null").toString(), format);
    }

    /** Flink's name for {@link #continuously(Duration)}. */
    public FileSource<T> monitorContinuously(Duration interval) {
        return continuously(interval);
    }

    /** Ends a Flink-style chain of settings: the source itself, for {@code env.fromSource}. */
    public FileSource<T> build() {
        return this;
    }

    /** Adds the source to {@code env} with timestamps and watermarks from {@code strategy}. */
    @Override
    public SingleOutputStreamOperator<T> addTo(StreamExecutionEnvironment env, WatermarkStrategy<T> strategy,
            String name) {
        return build(env).assignTimestampsAndWatermarks(strategy).name(name);
    }

    /**
     * Keeps watching the path, every {@code interval}, for new and modified files.
     *
     * @throws IllegalArgumentException if the interval is not positive
     */
    public FileSource<T> continuously(Duration interval) {
        Objects.requireNonNull(interval, "interval must not be null");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive: interval=" + interval);
        }
        this.mode = FileProcessingMode.PROCESS_CONTINUOUSLY;
        this.intervalMillis = interval.toMillis();
        return this;
    }

    /** Reads once or continuously, as {@link FileProcessingMode} says (the classic signature). */
    public FileSource<T> mode(FileProcessingMode mode, Duration interval) {
        return Objects.requireNonNull(mode, "mode must not be null") == FileProcessingMode.PROCESS_ONCE
                ? processOnce() : continuously(interval);
    }

    private FileSource<T> processOnce() {
        this.mode = FileProcessingMode.PROCESS_ONCE;
        return this;
    }

    /** Which files of a directory to read; the default skips hidden and in-progress files. */
    public FileSource<T> filter(FilePathFilter filter) {
        this.filter = Objects.requireNonNull(filter, "filter must not be null");
        return this;
    }

    /**
     * The size of the byte ranges that readers share; a file smaller than this is read by one
     * reader, and line numbers in errors are counted from the start of its file.
     */
    public FileSource<T> splitSize(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("split size must be positive: splitSize=" + bytes);
        }
        this.splitSize = bytes;
        return this;
    }

    /**
     * Sends lines the format cannot parse to side output {@code tag} instead of failing the job
     * (the default, with the file name and line number in the message).
     */
    public FileSource<T> malformedLinesTo(OutputTag<MalformedLine> tag) {
        this.malformedTag = Objects.requireNonNull(tag, "output tag must not be null");
        return this;
    }

    /** Adds the source to {@code env}; the reading operator's stream is returned. */
    public SingleOutputStreamOperator<T> build(StreamExecutionEnvironment env) {
        FileMonitor monitor = new FileMonitor(path, mode, intervalMillis, filter, splitSize);
        SerializedValue<FileSplitReader<T>> reader = SerializedValue.of(new FileSplitReader<>(format, malformedTag),
                "the line format of file source '" + path + "'");
        SingleOutputStreamOperator<T> readers = env.addSource(monitor, "FileMonitor(" + path + ")")
                .transform("FileReader(" + path + ")", ctx -> new FileReaderOperator<>(reader.copy(), ctx));
        FileProcessingMode readMode = mode;
        Duration interval = mode == FileProcessingMode.PROCESS_ONCE ? null : Duration.ofMillis(intervalMillis);
        long size = splitSize;
        SerializedValue<FilePathFilter> filters = SerializedValue.of(filter, "the path filter of file source '" + path + "'");
        readers.getTransformation().describe(() -> new Operation.ReadFiles(path, readMode, interval, filters.copy(), size,
                reader.copy()));
        // a reader holds at most two splits ahead: a checkpoint barrier queues behind those, not behind every file
        ((OneInputTransformation<?, ?>) readers.getTransformation()).setInputBufferCapacity(READER_BUFFER);
        return readers;
    }
}
