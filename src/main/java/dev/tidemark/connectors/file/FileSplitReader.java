package dev.tidemark.connectors.file;

import dev.tidemark.api.OutputTag;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * The reading half of a {@link FileSource}: reads the lines of a {@link FileSplit} and parses them
 * with a {@link LineFormat}. A line belongs to the split it starts in; a split that does not start
 * a file skips the partial line at its beginning. A malformed line fails the read with the file and
 * line, or goes to {@link Lines#malformed} when the source sends malformed lines to a side output.
 * Runners that host a file source on another engine read its splits with this.
 *
 * <p>A cursor is not thread-safe: one per thread.
 *
 * @param <T> the element type
 */
public final class FileSplitReader<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LineFormat<T> format;
    private final OutputTag<MalformedLine> malformedTag;

    /** A reader parsing with {@code format}; {@code malformedTag} is {@code null} to fail on a malformed line. */
    public FileSplitReader(LineFormat<T> format, OutputTag<MalformedLine> malformedTag) {
        this.format = Objects.requireNonNull(format, "format must not be null");
        this.malformedTag = malformedTag;
    }

    /** How lines become elements. */
    public LineFormat<T> format() {
        return format;
    }

    /** The side output malformed lines go to, or {@code null} when they fail the read. */
    public OutputTag<MalformedLine> malformedTag() {
        return malformedTag;
    }

    /** Where a split's elements and malformed lines go. */
    public interface Lines<T> {

        void element(T value) throws Exception;

        /** A line the format could not parse; only when {@link #malformedTag()} is set. */
        void malformed(MalformedLine line) throws Exception;
    }

    /**
     * Reads {@code split} whole into {@code out}.
     *
     * @throws IllegalArgumentException on a malformed line when there is no malformed-line side output
     */
    public void read(FileSplit split, Lines<T> out) throws Exception {
        try (Cursor cursor = open(split, 0)) {
            while (cursor.next(out)) {
                // each line went to out
            }
        }
    }

    /**
     * Opens {@code split} to be read line by line, after its first {@code linesToSkip} lines (which
     * a reader restored from a checkpoint had read already).
     */
    public Cursor open(FileSplit split, long linesToSkip) throws IOException {
        Cursor cursor = new Cursor(split);
        try {
            while (cursor.lineNumber < linesToSkip && cursor.readLine()) {
                // skipped: read before the checkpoint
            }
        } catch (IOException | RuntimeException e) {
            cursor.close();
            throw e;
        }
        return cursor;
    }

    /** An open split, read one line at a time. */
    public final class Cursor implements Closeable {
        private final FileSplit split;
        private final FileChannel channel;
        private final InputStream in;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        private final long end;
        private long position;
        private long lineNumber;

        private Cursor(FileSplit split) throws IOException {
            this.split = split;
            this.channel = FileChannel.open(Path.of(split.path()), StandardOpenOption.READ);
            try {
                position = Math.max(0, split.start() - 1);
                channel.position(position);
                in = new BufferedInputStream(Channels.newInputStream(channel), 64 * 1024);
                if (split.start() > 0) {
                    position += skipLine(in); // the line running into this split belongs to the previous one
                }
            } catch (IOException | RuntimeException e) {
                channel.close();
                throw e;
            }
            this.end = split.start() + split.length();
        }

        /** The number of lines of the split read so far. */
        public long linesRead() {
            return lineNumber;
        }

        /**
         * Reads the next line into {@code out} (nothing when the format skips it).
         *
         * @return false at the end of the split, with nothing read
         * @throws IllegalArgumentException on a malformed line when there is no malformed-line side output
         */
        public boolean next(Lines<T> out) throws Exception {
            if (!readLine()) {
                return false;
            }
            emit(split, lineNumber, line, out);
            return true;
        }

        private boolean readLine() throws IOException {
            if (position >= end) {
                return false;
            }
            long read = FileSplitReader.readLine(in, line);
            if (read < 0) {
                return false;
            }
            position += read;
            lineNumber++;
            return true;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    private void emit(FileSplit split, long lineNumber, ByteArrayOutputStream line, Lines<T> out) throws Exception {
        String text = line.toString(StandardCharsets.UTF_8);
        if (text.endsWith("\r")) {
            text = text.substring(0, text.length() - 1);
        }
        T value;
        try {
            value = format.parse(text);
        } catch (Exception e) {
            MalformedLine malformed = new MalformedLine(split.path(), lineNumber, split.start(), text, String.valueOf(e.getMessage()));
            if (malformedTag == null) {
                throw new IllegalArgumentException("line must be well-formed: " + malformed.location() + ", error="
                        + malformed.error() + "; send malformed lines to a side output to keep going", e);
            }
            out.malformed(malformed);
            return;
        }
        if (value != null) { // the format skips the line
            out.element(value);
        }
    }

    /** Skips up to and including the next newline; returns the bytes skipped. */
    private static long skipLine(InputStream in) throws IOException {
        long skipped = 0;
        int b;
        while ((b = in.read()) >= 0) {
            skipped++;
            if (b == '\n') {
                break;
            }
        }
        return skipped;
    }

    /** Reads one line into {@code line}; returns the bytes consumed, or -1 at the end of the file. */
    private static long readLine(InputStream in, ByteArrayOutputStream line) throws IOException {
        line.reset();
        long consumed = 0;
        int b;
        while ((b = in.read()) >= 0) {
            consumed++;
            if (b == '\n') {
                return consumed;
            }
            line.write(b);
        }
        return consumed == 0 ? -1 : consumed;
    }
}
