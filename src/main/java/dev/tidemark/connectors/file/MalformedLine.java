package dev.tidemark.connectors.file;

import java.io.Serializable;

/**
 * A line the format could not parse, sent to the malformed-line side output when the source is
 * configured to keep going.
 *
 * @param path the file
 * @param line the line number: from the start of the file for its first split; for later splits of
 *     a large file, counted from {@code splitStart}
 * @param splitStart the byte offset at which line counting starts (0 for the first split)
 * @param text the line
 * @param error what the format said
 */
public record MalformedLine(String path, long line, long splitStart, String text, String error) implements Serializable {

    /** Where the line is, for messages: "file=..., line=..." (plus the split's offset when not 0). */
    public String location() {
        return "file=" + path + ", line=" + line + (splitStart == 0 ? "" : " after byte " + splitStart);
    }
}
