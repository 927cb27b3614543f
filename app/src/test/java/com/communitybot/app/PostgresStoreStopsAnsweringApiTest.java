package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * PostgreSQL that goes silent without closing anything (a network partition), under the running service:
 * the service reaches its database through a {@link FreezingProxy}, and every call that needs the store
 * answers its 500 within seconds instead of waiting on the silent connection, changes nothing, and the
 * service serves again once the network is back.
 */
@Tag("verify")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresStoreStopsAnsweringApiTest {

    private FreezingProxy proxy;
    private RunningService service;
    private ApiClient api;
    private StoreEndpoints endpoints;

    @BeforeAll
    void start() {
        TestDatabase database = TestPostgres.freshDatabase("stops_answering");
        URI server = URI.create(database.url().substring("jdbc:".length()));
        proxy = new FreezingProxy(server.getHost(), server.getPort());
        String throughProxy = database.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
        service = new RunningService(database, Map.of("DATABASE_URL", throughProxy));
        api = new ApiClient(service.baseUrl(), API_KEY);
        endpoints = new StoreEndpoints(api);
    }

    @AfterAll
    void stop() {
        endpoints.close();
        proxy.close();
        service.close();
    }

    @Test
    void storeStopsAnsweringRightAfterBeingUsed_everyStoreCallIs500WithinSeconds_thenTheServiceRecovers()
            throws Exception {
        endpoints.seed(service);
        Map<String, String> before = endpoints.everythingStored();

        // At once: connections the pool hands out without checking them (used a moment ago) meet the silence too.
        proxy.freeze();
        try {
            endpoints.assertEveryCallFails();
        } finally {
            proxy.thaw();
        }

        assertThat(endpoints.everythingStoredOnceRecovered()).isEqualTo(before);
    }
}
