package dev.tidemark.windowing.assigners;

import dev.tidemark.windowing.triggers.EventTimeTrigger;
import dev.tidemark.windowing.triggers.ProcessingTimeTrigger;
import dev.tidemark.windowing.triggers.Trigger;
import dev.tidemark.windowing.windows.TimeWindow;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.TemporalAdjusters;
import java.util.Objects;

/**
 * Tumbling windows of calendar days, ISO weeks (Monday to Monday) or months in a time zone. Each
 * window runs from local midnight to local midnight, so across daylight-saving changes a day lasts
 * 23 or 25 hours, which fixed-size windows with an offset get wrong.
 */
public final class CalendarWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private enum Unit { DAY, WEEK, MONTH }

    private final Unit unit;
    private final ZoneId zone;
    private final boolean eventTime;
    private transient TimeWindow last;

    private CalendarWindows(Unit unit, ZoneId zone, boolean eventTime) {
        this.unit = unit;
        this.zone = Objects.requireNonNull(zone, "zone must not be null");
        this.eventTime = eventTime;
    }

    /** Event-time windows of one calendar day in {@code zone}. */
    public static CalendarWindows days(ZoneId zone) {
        return new CalendarWindows(Unit.DAY, zone, true);
    }

    /** Event-time windows of one ISO week (starting Monday) in {@code zone}. */
    public static CalendarWindows weeks(ZoneId zone) {
        return new CalendarWindows(Unit.WEEK, zone, true);
    }

    /** Event-time windows of one calendar month in {@code zone}. */
    public static CalendarWindows months(ZoneId zone) {
        return new CalendarWindows(Unit.MONTH, zone, true);
    }

    /** The same windows, of processing time. */
    public CalendarWindows inProcessingTime() {
        return new CalendarWindows(unit, zone, false);
    }

    @Override
    public void assignWindows(Object element, long timestamp, Context context, WindowCollector<TimeWindow> out) {
        long time = eventTime ? timestamp : context.getCurrentProcessingTime();
        if (time == Long.MIN_VALUE) {
            throw noTimestamp("CalendarWindows");
        }
        TimeWindow window = last;
        if (window == null || time < window.start() || time >= window.end()) {
            window = last = windowOf(time);
        }
        out.collect(window);
    }

    private TimeWindow windowOf(long time) {
        LocalDate date = Instant.ofEpochMilli(time).atZone(zone).toLocalDate();
        LocalDate start = switch (unit) {
            case DAY -> date;
            case WEEK -> date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> date.withDayOfMonth(1);
        };
        LocalDate end = switch (unit) {
            case DAY -> start.plusDays(1);
            case WEEK -> start.plusWeeks(1);
            case MONTH -> start.plusMonths(1);
        };
        return new TimeWindow(start.atStartOfDay(zone).toInstant().toEpochMilli(),
                end.atStartOfDay(zone).toInstant().toEpochMilli());
    }

    @Override
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return eventTime ? EventTimeTrigger.create() : ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return eventTime;
    }
}
