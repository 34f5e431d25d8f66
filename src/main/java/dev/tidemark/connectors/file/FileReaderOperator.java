package dev.tidemark.connectors.file;

import dev.tidemark.api.OutputTag;
import dev.tidemark.runtime.operators.ForwardingOperator;
import dev.tidemark.runtime.operators.OperatorContext;
import dev.tidemark.runtime.operators.Output;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads the lines of each {@link FileSplit} it receives and parses them with a {@link LineFormat}.
 * A line belongs to the split it starts in; a split that does not start a file skips the partial
 * line at its beginning. A malformed line fails the job with the file and line, or goes to the
 * malformed-line side output.
 */
final class FileReaderOperator<T> extends ForwardingOperator<FileSplit, T> {

    private final LineFormat<T> format;
    private final OutputTag<MalformedLine> malformedTag;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    FileReaderOperator(LineFormat<T> format, OutputTag<MalformedLine> malformedTag, OperatorContext<T> context) {
        super(context, format);
        this.format = format;
        this.malformedTag = malformedTag;
    }

    @Override
    public void processElement(FileSplit split, long timestamp) throws Exception {
        try (FileChannel channel = FileChannel.open(Path.of(split.path()), StandardOpenOption.READ)) {
            long position = Math.max(0, split.start() - 1);
            channel.position(position);
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel), 64 * 1024);
            if (split.start() > 0) {
                position += skipLine(in); // the line running into this split belongs to the previous one
            }
            long end = split.start() + split.length();
            long lineNumber = 0;
            while (position < end) {
                long read = readLine(in);
                if (read < 0) {
                    break;
                }
                position += read;
                lineNumber++;
                emit(split, lineNumber);
            }
        }
    }

    private void emit(FileSplit split, long lineNumber) throws Exception {
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
            output.collect(malformedTag, malformed, Output.NO_TIMESTAMP);
            return;
        }
        if (value != null) { // the format skips the line
            output.collect(value, Output.NO_TIMESTAMP);
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

    /** Reads one line into {@link #line}; returns the bytes consumed, or -1 at the end of the file. */
    private long readLine(InputStream in) throws IOException {
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
