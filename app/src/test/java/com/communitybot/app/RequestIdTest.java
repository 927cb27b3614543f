package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.persistence.testing.StoreBackend;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code X-Request-Id} through real HTTP: taken from the request when sensible, on every response. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RequestIdTest {

    private final HttpClient http = HttpClient.newHttpClient();
    private RunningService service;

    @BeforeAll
    void start() {
        service = new RunningService(StoreBackend.H2.freshDatabase("requestid"), Map.of());
    }

    @AfterAll
    void stop() {
        service.close();
    }

    private HttpResponse<String> get(URI base, String path, String key, String requestId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path));
        if (key != null) {
            request.header("X-API-Key", key);
        }
        if (requestId != null) {
            request.header("X-Request-Id", requestId);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/beta_testing",
                "/api/" + GUILD + "/leaderboard",
                "/api/" + GUILD + "/roles",
                "/no/such/path",
                "/api/x/roles"
            })
    void theClientsId_isReturned_onAnswersAndErrorsAlike(String path) throws Exception {
        HttpResponse<String> withKey = get(service.baseUrl(), path, API_KEY, "abc-123_x.y:z");
        HttpResponse<String> withoutKey = get(service.baseUrl(), path, null, "abc-124");

        assertThat(withKey.headers().firstValue("X-Request-Id")).contains("abc-123_x.y:z");
        assertThat(withoutKey.statusCode()).isEqualTo(401);
        assertThat(withoutKey.headers().firstValue("X-Request-Id")).contains("abc-124");
    }

    @Test
    void withoutOne_orWithOneThatIsNoToken_theServiceMakesOne() throws Exception {
        String none = get(service.baseUrl(), "/api/beta_testing", API_KEY, null)
                .headers()
                .firstValue("X-Request-Id")
                .orElseThrow();
        String replaced = get(service.baseUrl(), "/api/beta_testing", API_KEY, "has spaces and ; more")
                .headers()
                .firstValue("X-Request-Id")
                .orElseThrow();

        assertThat(none).matches("[0-9a-f-]{36}");
        assertThat(replaced).matches("[0-9a-f-]{36}").isNotEqualTo(none);
        assertThat(java.util.UUID.fromString(none).version()).isEqualTo(4);
        assertThat(java.util.UUID.fromString(none).variant()).isEqualTo(2);
    }

    @Test
    void theManagementPort_answersWithOneToo() throws Exception {
        assertThat(get(service.managementUrl(), "/health/liveness", null, "probe-1")
                        .headers()
                        .firstValue("X-Request-Id"))
                .contains("probe-1");
    }
}
