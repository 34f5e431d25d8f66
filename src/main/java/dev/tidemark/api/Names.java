package dev.tidemark.api;

import java.util.Objects;

/** Validation of operator and job names. */
final class Names {

    private Names() {}

    static String check(String name) {
        Objects.requireNonNull(name, "name must not be null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank: name='" + name + "'");
        }
        return name;
    }
}
