package dev.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tidemark.api.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The user-sessions example: sessions close after 30 s without a click; a late click within the
 * allowed lateness updates its session, which fires again; a later one goes to the side output.
 */
class UserSessionsExampleTest {

    @Test
    @Timeout(60)
    void sessions_areUpdatedByLateClicks_andTooLateClicksAreKept() throws Exception {
        assertThat(UserSessionsExample.sessions(StreamExecutionEnvironment.create()).executeAndCollect())
                .containsExactly(
                        "alice 22:13:20..22:14:15 3 clicks",
                        "alice 22:13:20..22:14:15 4 clicks (update 1)",
                        "bob   22:13:50..22:14:20 1 click",
                        "carol 22:14:20..22:15:00 2 clicks",
                        "bob   22:14:35..22:15:05 1 click",
                        "alice 22:15:20..22:15:50 1 click",
                        "dave  22:15:30..22:16:00 1 click");
        assertThat(UserSessionsExample.sessions(StreamExecutionEnvironment.create())
                .getSideOutput(UserSessionsExample.TOO_LATE).map(click -> click.user() + " " + click.page())
                .executeAndCollect())
                .containsExactly("alice /search");
    }
}
