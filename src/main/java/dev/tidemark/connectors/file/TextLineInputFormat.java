package dev.tidemark.connectors.file;

/** Each line of a file as it is (UTF-8), as Flink's format of that name reads them: {@link LineFormat#text()}. */
public final class TextLineInputFormat implements LineFormat<String> {

    private static final long serialVersionUID = 1L;

    public TextLineInputFormat() {}

    /** As Flink's constructor with a charset name; only UTF-8 is read. */
    public TextLineInputFormat(String charsetName) {
        if (!java.nio.charset.StandardCharsets.UTF_8.name().equalsIgnoreCase(charsetName.replace("utf8", "UTF-8"))) {
            throw new IllegalArgumentException("file sources read UTF-8: charset=" + charsetName);
        }
    }

    @Override
    public String parse(String line) {
        return line;
    }
}
