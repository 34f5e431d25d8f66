package dev.tidemark.connectors.file;

import java.util.ArrayList;
import java.util.List;

/** Splits one CSV line into fields, honouring RFC 4180 quotes ({@code "a,b"} and {@code ""} inside). */
final class Csv {

    private Csv() {}

    static List<String> split(String line, char delimiter) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.length() == 0) {
                quoted = true;
            } else if (c == delimiter) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("quoted field must be closed: line=" + line);
        }
        fields.add(field.toString());
        return fields;
    }
}
