package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.NeverTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.GlobalWindow;

/**
 * Puts every element of a key into the one {@link GlobalWindow}. Its default trigger never fires:
 * give it one, such as a {@code CountTrigger}.
 */
public final class GlobalWindows extends WindowAssigner<Object, GlobalWindow> {

    private static final long serialVersionUID = 1L;

    private GlobalWindows() {}

    public static GlobalWindows create() {
        return new GlobalWindows();
    }

    @Override
    public void assignWindows(Object element, long timestamp, Context context, WindowCollector<GlobalWindow> out) {
        out.collect(GlobalWindow.get());
    }

    @Override
    public Trigger<Object, GlobalWindow> getDefaultTrigger() {
        return NeverTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }
}
