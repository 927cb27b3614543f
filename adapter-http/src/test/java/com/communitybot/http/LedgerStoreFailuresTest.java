package com.communitybot.http;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The ledger's endpoints over a store that fails: the spec's 500s, a read's and a write's. */
class LedgerStoreFailuresTest {

    private static final String LEVELS = "/api/" + GUILD + "/levels/";
    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(
                new InMemoryLevelStore(),
                Optional.of(FailingStores.ledger(FailingStores.unreachable())),
                Optional.of(FailingStores.log(FailingStores.unreachable())),
                new InMemorySettingsStore(),
                new InMemoryBetaStore(),
                Map.of());
        api = new ApiClient(server.getURI(), API_KEY);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    private static void assertFailed(Reply reply, String message) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(500);
        assertThat(reply.body()).isEqualTo("{\"success\":false,\"message\":\"" + message + "\"}");
    }

    @Test
    void readsGiveQueryFailed() {
        assertFailed(api.get(LEVELS + "1"), "Database query failed");
        assertFailed(api.get(LEVELS + "1/history"), "Database query failed");
        assertFailed(api.get("/api/" + GUILD + "/xp_log"), "Database query failed");
        assertFailed(
                api.get("/api/" + GUILD + "/leaderboard?since="
                        + java.time.Instant.now().minusSeconds(60)),
                "Database query failed");
    }

    @Test
    void writesGiveUpdateFailed() {
        assertFailed(api.put(LEVELS + "1", "{\"level\": 1, \"xp\": 1}"), "Database update failed");
        assertFailed(api.patch(LEVELS + "1", "{\"xp_delta\": 1}"), "Database update failed");
        assertFailed(api.delete(LEVELS + "1"), "Database update failed");
        assertFailed(
                api.delete("/api/" + GUILD + "/levels", "{\"confirm_guild_id\": \"" + GUILD + "\"}"),
                "Database update failed");
    }

    @Test
    void badRequestsAreRefusedBeforeTheStore() {
        assertThat(api.patch(LEVELS + "1", "{\"xp_delta\": \"1\"}").status()).isEqualTo(400);
        assertThat(api.get(LEVELS + "1/history?limit=0").status()).isEqualTo(400);
    }
}
