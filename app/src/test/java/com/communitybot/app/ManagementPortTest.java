package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.StoreBackend;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The management port through real HTTP: health answers there without the key, and only there; the API's
 * port keeps spec 5 for the management paths too (401 without the key, 404 with it), and the API's routes
 * are not on the management port.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ManagementPortTest {

    private RunningService service;
    private ApiClient api;
    private ApiClient anonymousApi;
    private ApiClient management;

    @BeforeAll
    void start() {
        service = new RunningService(StoreBackend.H2.freshDatabase("management"), Map.of());
        api = new ApiClient(service.baseUrl(), API_KEY);
        anonymousApi = new ApiClient(service.baseUrl(), API_KEY);
        management = new ApiClient(service.managementUrl(), API_KEY);
    }

    @AfterAll
    void stop() {
        service.close();
    }

    static ApiClient.Reply withoutKey(ApiClient client, String path) {
        return client.send(client.anonymous(path).GET());
    }

    @Test
    void liveness_withoutKey_onTheManagementPort_isUp() {
        ApiClient.Reply reply = withoutKey(management, "/health/liveness");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("status").asText()).isEqualTo("UP");
    }

    @Test
    void readiness_withTheStoreAnswering_isUpAndNamesItsParts() {
        ApiClient.Reply reply = withoutKey(management, "/health/readiness");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("status").asText()).isEqualTo("UP");
        assertThat(reply.json().at("/details/store/status").asText()).isEqualTo("UP");
        assertThat(reply.json().at("/details/live-view/status").asText()).isEqualTo("UP");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/health", "/health/liveness", "/health/readiness", "/prometheus", "/openapi.yml"})
    void managementPaths_onTheApiPort_withoutKey_are401(String path) {
        ApiClient.Reply reply = withoutKey(anonymousApi, path);

        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.message()).isEqualTo("Missing or invalid API key");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/health", "/health/liveness", "/health/readiness", "/prometheus", "/openapi.yml"})
    void managementPaths_onTheApiPort_withKey_areUnknownPaths(String path) {
        ApiClient.Reply reply = api.get(path);

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.message()).isEqualTo("Not found");
    }

    @Test
    void apiRoutes_onTheManagementPort_areNotThere() {
        ApiClient keyed = new ApiClient(service.managementUrl(), API_KEY);

        assertThat(keyed.get("/api/" + GUILD + "/roles").status()).isEqualTo(404);
        assertThat(keyed.get("/api/beta_testing").status()).isEqualTo(404);
        assertThat(withoutKey(management, "/api/" + GUILD + "/leaderboard").status())
                .isEqualTo(404);
    }
}
