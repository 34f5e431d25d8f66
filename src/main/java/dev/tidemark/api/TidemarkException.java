package dev.tidemark.api;

/** The root of Tidemark's unchecked exceptions. */
public class TidemarkException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TidemarkException(String message) {
        super(message);
    }

    public TidemarkException(String message, Throwable cause) {
        super(message, cause);
    }
}
