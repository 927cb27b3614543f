package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.StoreBackend;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** MAX_REQUEST_SIZE: a larger body is 413 with the contract's error body, and only after authentication. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestSizeLimitTest {

    private RunningService service;

    @BeforeAll
    void start() {
        service = new RunningService(StoreBackend.H2.freshDatabase("limit"), Map.of("MAX_REQUEST_SIZE", "1KB"));
    }

    @AfterAll
    void stop() {
        service.close();
    }

    private static String guildIds(int count) {
        return "{\"guild_ids\": [" + String.join(",", Collections.nCopies(count, "\"1\"")) + "]}";
    }

    @Test
    void aBodyOverTheLimit_is413_withTheErrorBody() {
        ApiClient.Reply reply =
                new ApiClient(service.baseUrl(), ApiFixture.API_KEY).post("/api/is_bot_there", guildIds(500));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(reply.contentType()).startsWith("application/json");
        assertThat(reply.body()).isEqualTo("{\"success\":false,\"message\":\"Request body is too large\"}");
    }

    @Test
    void aBodyWithinTheLimit_isServed() {
        assertThat(new ApiClient(service.baseUrl(), ApiFixture.API_KEY)
                        .post("/api/is_bot_there", guildIds(10))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void withoutTheKey_aLargeBodyIs401First() {
        assertThat(new ApiClient(service.baseUrl(), "wrong")
                        .post("/api/is_bot_there", guildIds(500))
                        .status())
                .isEqualTo(401);
    }
}
