package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.TestPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A window leaderboard whose query the store does not finish in time gets the store's 500, not a closed connection:
 * the query is stopped before {@code IDLE_TIMEOUT} (here 3 s, so 1 s), and Micronaut's idle timeout, which also counts
 * while a request is being answered, would otherwise close the connection first. The query is held up by a lock on
 * the log that another transaction keeps, the way a long aggregate would run on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowTimeLimitApiTest {

    private RunningService service;
    private ApiClient api;

    @BeforeAll
    void start() {
        service = new RunningService(TestPostgres.freshDatabase("window_time_limit"), Map.of("IDLE_TIMEOUT", "3s"));
        api = new ApiClient(service.baseUrl(), API_KEY);
    }

    @AfterAll
    void stop() {
        service.close();
    }

    @Test
    void aWindowStoppedAtItsLimit_is500BeforeTheConnectionIsIdleTooLong_andTheNextOneAnswers() throws Exception {
        String window = "/api/" + GUILD + "/leaderboard?since=" + Instant.now().minus(Duration.ofDays(1)) + "&limit=10";
        try (Connection locker = service.pool().getConnection()) {
            locker.setAutoCommit(false);
            try (Statement lock = locker.createStatement()) {
                lock.execute("LOCK TABLE xp_log IN ACCESS EXCLUSIVE MODE");
            }
            try {
                ApiClient.Reply stopped = api.get(window);

                assertThat(stopped.status()).isEqualTo(500);
                assertThat(stopped.body()).isEqualTo("{\"success\":false,\"message\":\"Database query failed\"}");
            } finally {
                locker.rollback();
            }
        }

        assertThat(api.get(window).status()).isEqualTo(200);
    }
}
