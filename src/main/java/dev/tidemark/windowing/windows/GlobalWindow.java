package dev.tidemark.windowing.windows;

import java.io.Serializable;

/** The one window that holds every element of a key; it never ends on its own. */
public final class GlobalWindow implements Window, Serializable {

    private static final long serialVersionUID = 1L;
    private static final GlobalWindow INSTANCE = new GlobalWindow();

    private GlobalWindow() {}

    /** The global window. */
    public static GlobalWindow get() {
        return INSTANCE;
    }

    /** {@code Long.MAX_VALUE}: the global window is never cleaned up by time. */
    @Override
    public long maxTimestamp() {
        return Long.MAX_VALUE;
    }

    private Object readResolve() {
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "GlobalWindow";
    }
}
