package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.StoreBackend;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The service's own filter for sensitive management endpoints (it replaces Micronaut's, which cost every API
 * request a hash lookup) still refuses one: with an operator enabling Micronaut's environment endpoint, which
 * is sensitive as every endpoint is by default here, it answers 401 on the management port while health,
 * which is not sensitive, answers there without a key.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SensitiveEndpointsTest {

    private RunningService service;
    private ApiClient management;

    @BeforeAll
    void start() {
        service = new RunningService(
                StoreBackend.H2.freshDatabase("sensitive"), Map.of(), Map.of("endpoints.env.enabled", true));
        management = new ApiClient(service.managementUrl(), API_KEY);
    }

    @AfterAll
    void stop() {
        service.close();
    }

    @Test
    void aSensitiveEndpoint_onTheManagementPort_is401() {
        ApiClient.Reply reply = ManagementPortTest.withoutKey(management, "/env");

        assertThat(reply.status()).isEqualTo(401);
    }

    @Test
    void health_onTheManagementPort_stillAnswers() {
        ApiClient.Reply reply = ManagementPortTest.withoutKey(management, "/health/liveness");

        assertThat(reply.status()).isEqualTo(200);
    }
}
