package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import com.communitybot.persistence.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * PostgreSQL failing under the running service, seen through HTTP: every endpoint that needs the store
 * answers 500 with the spec's message (section 7) in the contract's error body, soon rather than never;
 * nothing stored is changed or lost; and the service serves again by itself once the store is back
 * (contract 1). The database is owned by a role of its own, so the test can take that role's privileges
 * and connections away as the administrator.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresStoreFaultsApiTest {

    /** Far above the store's own bounds (a 3 s wait for a connection): only a hang exceeds it. */
    private static final Duration HANG = Duration.ofSeconds(15);
    /** How long the service may take to serve again once the store is back. */
    private static final Duration RECOVERY = Duration.ofSeconds(20);

    private static final String QUERY_FAILED = "Database query failed";
    private static final String UPDATE_FAILED = "Database update failed";
    private static final String TRACKS = "/api/" + GUILD + "/level/track";
    private static final String BRIDGES = "/api/" + GUILD + "/level_bridger";
    private static final String IS_BETA = "{\"guild_ids\":[\"555\",\"556\",\"" + GUILD + "\"]}";

    /** A request to the service, what it does in words, and the message it must fail with. */
    private record Call(String name, Function<ApiClient, Reply> send, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Every endpoint that uses the store, each with a request that would change the seeded data. */
    private static final List<Call> STORE_CALLS = List.of(
            new Call("GET leaderboard", api -> api.get("/api/" + GUILD + "/leaderboard"), QUERY_FAILED),
            new Call("GET level/track", api -> api.get(TRACKS), QUERY_FAILED),
            new Call("GET level_bridger", api -> api.get(BRIDGES), QUERY_FAILED),
            new Call("GET beta_testing", api -> api.get("/api/beta_testing"), QUERY_FAILED),
            new Call("POST is_beta_server", api -> api.post("/api/is_beta_server", IS_BETA), QUERY_FAILED),
            new Call("POST level/track", api -> api.post(TRACKS, "{\"track_name\":\"other\",\"roles\":[]}"), UPDATE_FAILED),
            new Call("PATCH level/track", api -> api.patch(TRACKS, "{\"track_name\":\"main\",\"roles\":[]}"), UPDATE_FAILED),
            new Call("DELETE level/track", api -> api.delete(TRACKS, "{\"track_name\":\"main\"}"), UPDATE_FAILED),
            new Call("POST level_bridger", api -> api.post(BRIDGES, "{\"in_role_id\":\"9\",\"out_role_id\":\"10\"}"), UPDATE_FAILED),
            new Call("PUT level_bridger", api -> api.put(BRIDGES, "{\"in_role_id\":\"7\",\"out_role_id\":\"11\"}"), UPDATE_FAILED),
            new Call("DELETE level_bridger", api -> api.delete(BRIDGES, "{\"in_role_id\":\"7\"}"), UPDATE_FAILED),
            new Call("POST beta_testing", api -> api.post("/api/beta_testing", "{\"guild_id\":\"556\"}"), "Database create failed"),
            new Call("DELETE beta_testing", api -> api.delete("/api/beta_testing/555"), "Database delete failed"));

    private RunningService service;
    private ApiClient api;
    private ExecutorService clients;

    @BeforeAll
    void start() {
        service = new RunningService(TestPostgres.freshDatabaseWithOwnRole("api_faults"), Map.of());
        api = new ApiClient(service.baseUrl(), API_KEY);
        clients = Executors.newFixedThreadPool(STORE_CALLS.size());
    }

    @AfterAll
    void stop() {
        clients.shutdownNow();
        // Whatever a failed test left behind, the database must take connections again to be dropped.
        TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
        service.close();
    }

    /** A track, a bridge, a beta entry and level records, written through the API and as the bot does. */
    @BeforeEach
    void seed() {
        service.clearStore();
        assertThat(api.post(TRACKS, "{\"track_name\":\"main\",\"roles\":[{\"role_id\":\"200000000000000001\",\"level\":5},"
                + "{\"role_id\":\"3\",\"level\":1}]}").status()).isEqualTo(201);
        assertThat(api.post(BRIDGES, "{\"in_role_id\":\"7\",\"out_role_id\":\"8\"}").status()).isEqualTo(201);
        assertThat(api.post("/api/beta_testing", "{\"guild_id\":\"555\"}").status()).isEqualTo(201);
        service.insertLevels(new LevelRecord(GUILD + ":300000000000000001", U64.tryParse("1200").orElseThrow(), U64.tryParse("7").orElseThrow()),
                new LevelRecord(GUILD + ":300000000000000002", U64.tryParse("50").orElseThrow(), U64.tryParse("9").orElseThrow()));
    }

    private String database() {
        return service.database().name();
    }

    private String owner() {
        return database() + "_owner";
    }

    private void terminateTheServicesConnections() {
        TestPostgres.runAsAdmin("postgres", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = '" + database() + "' AND pid <> pg_backend_pid()");
    }

    /** What every read of the API shows, by endpoint; each must answer 200. */
    private Map<String, String> everythingStored() {
        Map<String, String> bodies = new LinkedHashMap<>();
        for (Call read : STORE_CALLS.subList(0, 5)) {
            Reply reply = read.send().apply(api);
            assertThat(reply.status()).as(read + ": " + reply.body()).isEqualTo(200);
            bodies.put(read.name(), reply.body());
        }
        return bodies;
    }

    /** Every store call, all at once (so a dead store's waits overlap): each fails as the spec says, soon. */
    private void assertEveryStoreCallFails() throws Exception {
        List<Future<Reply>> replies = new ArrayList<>();
        for (Call call : STORE_CALLS) {
            replies.add(clients.submit(() -> {
                long start = System.nanoTime();
                Reply reply = call.send().apply(api);
                Duration took = Duration.ofNanos(System.nanoTime() - start);
                assertThat(took).as(call + " took " + took + ": it hangs").isLessThan(HANG);
                return reply;
            }));
        }
        for (int i = 0; i < STORE_CALLS.size(); i++) {
            Call call = STORE_CALLS.get(i);
            Reply reply = replies.get(i).get(HANG.toSeconds() * 2, TimeUnit.SECONDS);
            assertThat(reply.status()).as(call + ": " + reply.body()).isEqualTo(500);
            assertThat(reply.contentType()).as(call.name()).startsWith("application/json");
            assertThat(reply.body()).as(call.name()).isEqualTo("{\"success\":false,\"message\":\"" + call.message() + "\"}");
        }
    }

    /** The reads once they answer 200 again, polled until {@link #RECOVERY} has passed. */
    private Map<String, String> everythingStoredOnceRecovered() throws InterruptedException {
        long deadline = System.nanoTime() + RECOVERY.toNanos();
        while (true) {
            try {
                return everythingStored();
            } catch (AssertionError notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(200);
            }
        }
    }

    @Test
    void privilegesRevoked_everyStoreCallIs500WithItsMessage_andNothingStoredChanges() throws Exception {
        Map<String, String> before = everythingStored();
        String tables = "level_track, level_bridge, beta_server, level_record";
        TestPostgres.runAsAdmin(database(), "REVOKE ALL ON " + tables + " FROM " + owner());
        try {
            assertEveryStoreCallFails();
        } finally {
            TestPostgres.runAsAdmin(database(), "GRANT ALL ON " + tables + " TO " + owner());
        }

        assertThat(everythingStoredOnceRecovered()).isEqualTo(before);
    }

    @Test
    void databaseRefusingConnections_everyStoreCallIs500WithinSeconds_andTheServiceRecoversWithoutARestart() throws Exception {
        Map<String, String> before = everythingStored();
        TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS false");
        try {
            terminateTheServicesConnections();
            assertEveryStoreCallFails();
            // Still failing, not stuck: a second round answers just the same.
            assertEveryStoreCallFails();
        } finally {
            TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
        }

        assertThat(everythingStoredOnceRecovered()).isEqualTo(before);
        assertThat(api.patch(TRACKS, "{\"track_name\":\"main\",\"roles\":[]}").status()).isEqualTo(200);
        assertThat(api.get(TRACKS).body()).isEqualTo("{\"main\":[]}");
    }

    @Test
    void connectionsKilledBetweenRequests_theServiceServesOnWithoutARestart() throws Exception {
        Map<String, String> before = everythingStored();

        terminateTheServicesConnections();

        assertThat(everythingStoredOnceRecovered()).isEqualTo(before);
        assertThat(api.post("/api/beta_testing", "{\"guild_id\":\"556\"}").status()).isEqualTo(201);
    }
}
