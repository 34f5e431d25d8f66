package dev.tidemark.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Session timers fire by time, then registration, whether they wait in buckets near the watermark or
 * in the heap beyond them: held to a sorted set of every timer, through registrations, moves and
 * deletes, timers near and far ahead, watermarks that make a few or thousands due or jump past every
 * bucket, and deletes and registrations while a watermark's timers are still firing.
 */
class SessionTimersTest {

    private record Timer(Session session, boolean cleanup, long time, long registration) {}

    private static final Comparator<Timer> FIRING_ORDER =
            Comparator.comparingLong(Timer::time).thenComparingLong(Timer::registration);

    /** The timers as they must be: a sorted set, and each session's two timers. */
    private static final class Model {
        final TreeSet<Timer> timers = new TreeSet<>(FIRING_ORDER);
        final Timer[][] bySession;
        long registered;

        Model(int sessions) {
            bySession = new Timer[sessions][2];
        }

        void register(int s, Session session, boolean cleanup, long time, boolean anew) {
            Timer old = bySession[s][cleanup ? 1 : 0];
            if (old != null && !anew && old.time() == time) {
                return;
            }
            delete(s, cleanup);
            Timer timer = new Timer(session, cleanup, time, registered++);
            timers.add(timer);
            bySession[s][cleanup ? 1 : 0] = timer;
        }

        void delete(int s, boolean cleanup) {
            Timer old = bySession[s][cleanup ? 1 : 0];
            if (old != null) {
                timers.remove(old);
                bySession[s][cleanup ? 1 : 0] = null;
            }
        }
    }

    @Test
    void timersFireInTimeThenRegistrationOrder_however_manyAreDueAtOnce() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            int sessionCount = 1 + random.nextInt(random.nextBoolean() ? 50 : 5_000);
            Session[] sessions = new Session[sessionCount];
            for (int s = 0; s < sessionCount; s++) {
                sessions[s] = new Session("k" + s, 0, s, 0, 1, null);
            }
            SessionTimers timers = new SessionTimers(random.nextBoolean() ? 0 : random.nextInt(1_000_000));
            Model model = new Model(sessionCount);
            long watermark = 0;
            String config = "seed=" + seed + " run=" + run + " sessions=" + sessionCount;
            for (int step = 0; step < 20; step++) {
                int operations = random.nextInt(3 * sessionCount);
                for (int op = 0; op < operations; op++) {
                    int s = random.nextInt(sessionCount);
                    boolean cleanup = random.nextBoolean();
                    long time = watermark + 1 + random.nextInt(1 + random.nextInt(random.nextInt(20) == 0 ? 5_000_000 : 2_000));
                    switch (random.nextInt(4)) {
                        case 0, 1 -> {
                            timers.register(sessions[s], cleanup, time);
                            model.register(s, sessions[s], cleanup, time, false);
                        }
                        case 2 -> {
                            Timer current = model.bySession[s][cleanup ? 1 : 0];
                            long later = current == null ? time : current.time() + random.nextInt(50);
                            timers.registerAnew(sessions[s], cleanup, later);
                            model.register(s, sessions[s], cleanup, later, true);
                        }
                        default -> {
                            timers.delete(sessions[s], cleanup);
                            model.delete(s, cleanup);
                        }
                    }
                }
                watermark += random.nextInt(20) == 0 ? random.nextInt(10_000_000) : random.nextInt(random.nextBoolean() ? 20 : 2_500);
                drain(timers, model, sessions, watermark, random, config + " step=" + step);
                assertThat(timers.size()).as(config).isEqualTo(model.timers.size());
            }
            List<Timer> left = new ArrayList<>();
            timers.forEach((session, cleanup, time, registration) -> left.add(new Timer(session, cleanup, time,
                    registration)));
            left.sort(FIRING_ORDER);
            assertThat(left).as(config).containsExactlyElementsOf(model.timers);
        }
    }

    @Test
    void timersAtTheEndsOfTime_fireInOrder_atTheLastWatermark() {
        long[] times = {Long.MAX_VALUE - 1, 1_700_000_000_000L, -1_000, Long.MIN_VALUE + 5, 0, 1_700_000_000_064L};
        SessionTimers timers = new SessionTimers(0);
        List<Long> registered = new ArrayList<>();
        for (int s = 0; s < times.length; s++) {
            timers.register(new Session("k" + s, 0, s, 0, 1, null), false, times[s]);
            registered.add(times[s]);
        }
        assertThat(timers.due(Long.MIN_VALUE + 4)).isNull();
        assertThat(timers.due(-1)).isNotNull();
        List<Long> fired = new ArrayList<>();
        for (Session due = timers.due(Long.MAX_VALUE); due != null; due = timers.due(Long.MAX_VALUE)) {
            fired.add(timers.dueTime());
            timers.removeDue();
        }
        registered.sort(null);
        assertThat(fired).containsExactlyElementsOf(registered);
        assertThat(timers.size()).isZero();
    }

    @Test
    void aTimerBeyondTheBuckets_firesAtTheWatermarkThatJumpsPastIt() {
        SessionTimers timers = new SessionTimers(0); // buckets of 64 ms, about a minute of them
        Session near = new Session("near", 0, 0, 0, 1, null);
        Session far = new Session("far", 0, 1, 0, 1, null);
        timers.register(near, false, 1_000);
        timers.register(far, false, 200_000); // beyond the buckets: in the heap
        assertThat(timers.due(200_010)).isSameAs(near);
        timers.removeDue();
        assertThat(timers.due(200_010)).isSameAs(far); // due in the watermark's own bucket
        timers.removeDue();
        assertThat(timers.due(200_010)).isNull();
    }

    /**
     * Fires what is due at {@code watermark}, checking each timer against the model; between firings
     * it deletes other due timers and registers new ones at or before the watermark, as no operator
     * does today but a trigger might.
     */
    private static void drain(SessionTimers timers, Model model, Session[] sessions, long watermark, Random random,
            String config) {
        for (Session due = timers.due(watermark); due != null; due = timers.due(watermark)) {
            Timer expected = model.timers.first();
            assertThat(expected.time()).as(config).isLessThanOrEqualTo(watermark);
            assertThat(new Timer(due, timers.dueIsCleanup(), timers.dueTime(), expected.registration()))
                    .as(config).isEqualTo(expected);
            timers.removeDue();
            model.timers.remove(expected);
            model.bySession[due.hash][expected.cleanup() ? 1 : 0] = null;
            if (random.nextInt(50) == 0) {
                int s = random.nextInt(sessions.length);
                boolean cleanup = random.nextBoolean();
                if (random.nextBoolean()) {
                    timers.delete(sessions[s], cleanup);
                    model.delete(s, cleanup);
                } else {
                    long time = watermark - random.nextInt(100);
                    timers.register(sessions[s], cleanup, time);
                    model.register(s, sessions[s], cleanup, time, false);
                }
            }
        }
        assertThat(model.timers.isEmpty() || model.timers.first().time() > watermark).as(config).isTrue();
    }
}
