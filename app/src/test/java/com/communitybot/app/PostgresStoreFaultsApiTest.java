package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.TestPostgres;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * PostgreSQL failing under the running service, seen through HTTP: every endpoint that needs the store
 * answers 500 with the spec's message (section 7) in the contract's error body, soon rather than never;
 * nothing stored is changed or lost; and the service serves again by itself once the store is back
 * (contract 1). The database is owned by a role of its own, so the test can take that role's privileges
 * and connections away as the administrator.
 */
@Tag("verify")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresStoreFaultsApiTest {

    private RunningService service;
    private ApiClient api;
    private StoreEndpoints endpoints;

    @BeforeAll
    void start() {
        service = new RunningService(TestPostgres.freshDatabaseWithOwnRole("api_faults"), Map.of());
        api = new ApiClient(service.baseUrl(), API_KEY);
        endpoints = new StoreEndpoints(api);
    }

    @AfterAll
    void stop() {
        endpoints.close();
        // Whatever a failed test left behind, the database must take connections again to be dropped.
        TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
        service.close();
    }

    @BeforeEach
    void seed() {
        endpoints.seed(service);
    }

    private String database() {
        return service.database().name();
    }

    private String owner() {
        return database() + "_owner";
    }

    private void terminateTheServicesConnections() {
        TestPostgres.runAsAdmin(
                "postgres",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity" + " WHERE datname = '" + database()
                        + "' AND pid <> pg_backend_pid()");
    }

    @Test
    void privilegesRevoked_everyStoreCallIs500WithItsMessage_andNothingStoredChanges() throws Exception {
        Map<String, String> before = endpoints.everythingStored();
        String tables = "level_track, level_bridge, beta_server, level_record";
        TestPostgres.runAsAdmin(database(), "REVOKE ALL ON " + tables + " FROM " + owner());
        try {
            endpoints.assertEveryCallFails();
        } finally {
            TestPostgres.runAsAdmin(database(), "GRANT ALL ON " + tables + " TO " + owner());
        }

        assertThat(endpoints.everythingStoredOnceRecovered()).isEqualTo(before);
    }

    @Test
    void databaseRefusingConnections_everyStoreCallIs500WithinSeconds_andTheServiceRecoversWithoutARestart()
            throws Exception {
        Map<String, String> before = endpoints.everythingStored();
        TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS false");
        try {
            terminateTheServicesConnections();
            endpoints.assertEveryCallFails();
            // Still failing, not stuck: a second round answers just the same.
            endpoints.assertEveryCallFails();
        } finally {
            TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
        }

        assertThat(endpoints.everythingStoredOnceRecovered()).isEqualTo(before);
        assertThat(api.patch(StoreEndpoints.TRACKS, "{\"track_name\":\"main\",\"roles\":[]}")
                        .status())
                .isEqualTo(200);
        assertThat(api.get(StoreEndpoints.TRACKS).body()).isEqualTo("{\"main\":[]}");
    }

    @Test
    void connectionsKilledBetweenRequests_theServiceServesOnWithoutARestart() throws Exception {
        Map<String, String> before = endpoints.everythingStored();

        terminateTheServicesConnections();

        assertThat(endpoints.everythingStoredOnceRecovered()).isEqualTo(before);
        assertThat(api.post("/api/beta_testing", "{\"guild_id\":\"556\"}").status())
                .isEqualTo(201);
    }
}
