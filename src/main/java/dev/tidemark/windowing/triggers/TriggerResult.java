package dev.tidemark.windowing.triggers;

/** What a trigger decides for a window. */
public enum TriggerResult {
    /** Do nothing. */
    CONTINUE(false, false),
    /** Emit the window's result and keep its contents. */
    FIRE(true, false),
    /** Discard the window's contents without emitting. */
    PURGE(false, true),
    /** Emit the window's result, then discard its contents. */
    FIRE_AND_PURGE(true, true);

    private final boolean fire;
    private final boolean purge;

    TriggerResult(boolean fire, boolean purge) {
        this.fire = fire;
        this.purge = purge;
    }

    public boolean isFire() {
        return fire;
    }

    public boolean isPurge() {
        return purge;
    }
}
