package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Readiness follows the store: the service reaches PostgreSQL through a {@link FreezingProxy}; frozen, the
 * readiness check turns 503 DOWN naming the store within seconds while liveness stays UP, and thawed, it is
 * UP again without a restart. The client that met the silent store is counted under its spec message.
 */
@Tag("verify")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresReadinessTest {

    private FreezingProxy proxy;
    private RunningService service;
    private ApiClient management;

    @BeforeAll
    void start() {
        TestDatabase database = TestPostgres.freshDatabase("readiness");
        URI server = URI.create(database.url().substring("jdbc:".length()));
        proxy = new FreezingProxy(server.getHost(), server.getPort());
        String throughProxy = database.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
        service = new RunningService(database, Map.of("DATABASE_URL", throughProxy));
        management = new ApiClient(service.managementUrl(), ApiFixture.API_KEY);
    }

    @AfterAll
    void stop() {
        proxy.close();
        service.close();
    }

    private ApiClient.Reply get(String path) {
        return management.send(management.anonymous(path).GET());
    }

    @Test
    void storeStopsAnswering_readinessIsDownNamingTheStoreWithinSeconds_thenUpAgain() {
        assertThat(get("/health/readiness").status()).isEqualTo(200);

        proxy.freeze();
        try {
            Instant start = Instant.now();
            ApiClient.Reply down = get("/health/readiness");
            Duration took = Duration.between(start, Instant.now());

            assertThat(down.status()).isEqualTo(503);
            assertThat(down.json().get("status").asText()).isEqualTo("DOWN");
            assertThat(down.json().at("/details/store/status").asText()).isEqualTo("DOWN");
            assertThat(down.json().at("/details/store/details/error").asText())
                    .isEqualTo("the store did not answer a query within 2 s");
            assertThat(down.json().at("/details/live-view/status").asText()).isEqualTo("UP");
            assertThat(down.body()).doesNotContain("jdbc:", "password");
            assertThat(took).isLessThan(Duration.ofSeconds(5));
            assertThat(get("/health/liveness").status()).isEqualTo(200);

            ApiClient api = new ApiClient(service.baseUrl(), ApiFixture.API_KEY);
            assertThat(api.get("/api/beta_testing").message()).isEqualTo("Database query failed");
            assertThat(get("/prometheus").body())
                    .contains("store_failures_total{message=\"Database query failed\"} 1.0");
        } finally {
            proxy.thaw();
        }

        Await.until(
                "readiness up once the store answers again",
                Duration.ofSeconds(30),
                () -> get("/health/readiness").status() == 200);
    }
}
