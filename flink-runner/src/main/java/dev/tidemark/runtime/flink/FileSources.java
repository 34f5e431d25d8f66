package dev.tidemark.runtime.flink;

import dev.tidemark.api.graph.Operation;
import dev.tidemark.connectors.file.FileListing;
import dev.tidemark.connectors.file.FilePathFilter;
import dev.tidemark.connectors.file.FileProcessingMode;
import dev.tidemark.connectors.file.FileSplit;
import dev.tidemark.connectors.file.FileSplitReader;
import dev.tidemark.connectors.file.MalformedLine;
import dev.tidemark.runtime.operators.OperatorException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.assigners.FileSplitAssigner;
import org.apache.flink.connector.file.src.enumerate.FileEnumerator;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Tidemark's file source as Flink's: the same files (listed by {@link FileListing} with the
 * source's filter), cut into the same splits, handed out in the same order, each read by
 * Tidemark's {@link FileSplitReader}. Readers ask for a split when they need one, so a checkpoint
 * barrier never waits behind splits queued for a reader, and each reader's position (lines read
 * of its split) is in Flink's checkpoints. Malformed lines travel as {@link Malformed} to a process
 * function chained to the source, which puts them on the side output.
 */
final class FileSources {

    /** How many lines a reader hands Flink at a time. */
    private static final int BATCH = 1_024;

    private FileSources() {}

    /**
     * Flink's file source reading what {@code op} reads; its elements are {@link Malformed} or the
     * elements. Typed as any source, so that the translator's code names no class of Flink's file
     * connector, which a job without files may run without.
     */
    static org.apache.flink.api.connector.source.Source<Object, ?, ?> of(Operation.ReadFiles op, TypeInformation<?> type,
            String operator) {
        String path = op.path();
        FilePathFilter filter = op.filter();
        long splitSize = op.splitSize();
        FileSource.FileSourceBuilder<Object> builder = FileSource.forBulkFileFormat(
                        new LinesFormat(op.reader(), op.reader().malformedTag() == null ? type : FlinkTypes.any(), operator),
                        new Path(java.nio.file.Path.of(path).toUri()))
                .setFileEnumerator(() -> new Enumerator(path, filter, splitSize))
                .setSplitAssigner(InOrder::new);
        if (op.mode() == FileProcessingMode.PROCESS_CONTINUOUSLY) {
            builder.monitorContinuously(op.interval());
        }
        return builder.build();
    }

    /** A line the format could not parse, on its way from the source to the side output. */
    record Malformed(MalformedLine line) {}

    /** Sends {@link Malformed} lines to the side output, everything else on. */
    static final class SplitOffMalformed<T> extends ProcessFunction<Object, T>
            implements org.apache.flink.api.java.typeutils.ResultTypeQueryable<T> {
        private static final long serialVersionUID = 1L;
        private final dev.tidemark.api.OutputTag<MalformedLine> tag;
        private final TypeInformation<T> type;
        private transient OutputTag<Object> flinkTag;

        SplitOffMalformed(dev.tidemark.api.OutputTag<MalformedLine> tag, TypeInformation<T> type) {
            this.tag = tag;
            this.type = type;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void processElement(Object value, Context ctx, Collector<T> out) {
            if (value instanceof Malformed malformed) {
                if (flinkTag == null) {
                    flinkTag = ProcessAdapters.tag(tag);
                }
                ctx.output(flinkTag, malformed.line());
            } else {
                out.collect((T) value);
            }
        }

        @Override
        public TypeInformation<T> getProducedType() {
            return type;
        }
    }

    /**
     * Lists like the embedded monitor. Each split's id is its file, as listed, and its start, which
     * stay the same from one listing to the next; Flink's continuous listing reads each file once
     * (see the runner's page: a modified file is not read again).
     */
    private record Enumerator(String path, FilePathFilter filter, long splitSize) implements FileEnumerator {
        @Override
        public Collection<FileSourceSplit> enumerateSplits(Path[] paths, int minDesiredSplits) throws IOException {
            List<FileSourceSplit> splits = new ArrayList<>();
            for (java.nio.file.Path file : FileListing.files(path, filter)) {
                long size = Files.size(file);
                long modified = Files.getLastModifiedTime(file).toMillis();
                Path flinkPath = new Path(file.toUri());
                for (int i = 0; i < FileListing.splitCount(size, splitSize); i++) {
                    FileSplit split = FileListing.split(file, size, splitSize, i);
                    splits.add(new FileSourceSplit(file + "@" + split.start(), flinkPath, split.start(), split.length(),
                            modified, size));
                }
            }
            return splits;
        }
    }

    /** Hands splits out in the order they were listed (Flink's own assigners do not keep it). */
    private static final class InOrder implements FileSplitAssigner {
        private final ArrayDeque<FileSourceSplit> splits;

        InOrder(Collection<FileSourceSplit> splits) {
            this.splits = new ArrayDeque<>(splits);
        }

        @Override
        public Optional<FileSourceSplit> getNext(String hostname) {
            return Optional.ofNullable(splits.poll());
        }

        @Override
        public void addSplits(Collection<FileSourceSplit> more) {
            splits.addAll(more);
        }

        @Override
        public Collection<FileSourceSplit> remainingSplits() {
            return new ArrayList<>(splits);
        }
    }

    /** Reads a split's lines with Tidemark's reader; a position is the number of lines of the split read. */
    private static final class LinesFormat implements BulkFormat<Object, FileSourceSplit> {
        private static final long serialVersionUID = 1L;
        private final FileSplitReader<?> reader;
        private final TypeInformation<?> type;
        private final String operator;

        LinesFormat(FileSplitReader<?> reader, TypeInformation<?> type, String operator) {
            this.reader = reader;
            this.type = type;
            this.operator = operator;
        }

        @Override
        public Reader<Object> createReader(Configuration config, FileSourceSplit split) throws IOException {
            return new LinesReader(reader, split, 0, operator);
        }

        @Override
        public Reader<Object> restoreReader(Configuration config, FileSourceSplit split) throws IOException {
            long linesRead = split.getReaderPosition().map(CheckpointedPosition::getRecordsAfterOffset).orElse(0L);
            return new LinesReader(reader, split, linesRead, operator);
        }

        @Override
        public boolean isSplittable() {
            return true;
        }

        @Override
        @SuppressWarnings("unchecked")
        public TypeInformation<Object> getProducedType() {
            return (TypeInformation<Object>) type;
        }
    }

    /** One split, read a batch of lines at a time. */
    private static final class LinesReader implements BulkFormat.Reader<Object>, FileSplitReader.Lines<Object> {
        private final FileSplitReader<Object>.Cursor cursor;
        private final String operator;
        private Object[] elements;
        private long[] lines;
        private int size;

        @SuppressWarnings("unchecked")
        LinesReader(FileSplitReader<?> reader, FileSourceSplit split, long linesToSkip, String operator) throws IOException {
            this.operator = operator;
            String file = split.splitId().substring(0, split.splitId().lastIndexOf('@')); // as listed: relative stays so
            FileSplit tidemark = new FileSplit(file, split.offset(), split.length(), 0);
            this.cursor = ((FileSplitReader<Object>) reader).open(tidemark, linesToSkip);
        }

        @Override
        public BulkFormat.RecordIterator<Object> readBatch() throws IOException {
            elements = new Object[BATCH]; // Flink emits a batch while the reader reads the next
            lines = new long[BATCH];
            size = 0;
            try {
                while (size < BATCH && cursor.next(this)) {
                    // each element went to the batch
                }
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw OperatorException.tag(operator, e);
            }
            return size == 0 ? null : new Batch(elements, lines, size);
        }

        @Override
        public void element(Object value) {
            elements[size] = value;
            lines[size++] = cursor.linesRead();
        }

        @Override
        public void malformed(MalformedLine line) {
            element(new Malformed(line));
        }

        @Override
        public void close() throws IOException {
            cursor.close();
        }
    }

    /** A batch's elements, each with the lines of its split read up to and including it. */
    private static final class Batch implements BulkFormat.RecordIterator<Object> {
        private final Object[] elements;
        private final long[] lines;
        private final int size;
        private final MutableRecordAndPosition<Object> next = new MutableRecordAndPosition<>();
        private int index;

        Batch(Object[] elements, long[] lines, int size) {
            this.elements = elements;
            this.lines = lines;
            this.size = size;
        }

        @Override
        public RecordAndPosition<Object> next() {
            if (index == size) {
                return null;
            }
            next.set(elements[index], CheckpointedPosition.NO_OFFSET, lines[index]);
            index++;
            return next;
        }

        @Override
        public void releaseBatch() {}
    }
}
