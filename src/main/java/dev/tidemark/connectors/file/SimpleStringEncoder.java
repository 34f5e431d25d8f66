package dev.tidemark.connectors.file;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** Writes each element's {@code toString()} and a line break, in UTF-8 unless named otherwise. */
public final class SimpleStringEncoder<T> implements Encoder<T> {

    private static final long serialVersionUID = 1L;

    private final String charsetName;

    public SimpleStringEncoder() {
        this(StandardCharsets.UTF_8.name());
    }

    public SimpleStringEncoder(String charsetName) {
        this.charsetName = Charset.forName(charsetName).name();
    }

    @Override
    public void encode(T element, OutputStream stream) throws IOException {
        stream.write(String.valueOf(element).getBytes(Charset.forName(charsetName)));
        stream.write('\n');
    }
}
