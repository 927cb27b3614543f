package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.StoreBackend;
import io.micronaut.http.server.netty.NettyEmbeddedServer;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code MANAGEMENT_PORT=off}: the service listens on its API port alone, which still knows no management path. */
class ManagementPortOffTest {

    @Test
    void off_leavesTheApiPortAlone_andNoManagementPath() {
        try (RunningService service =
                new RunningService(StoreBackend.H2.freshDatabase("management_off"), Map.of("MANAGEMENT_PORT", "off"))) {
            ApiClient api = new ApiClient(service.baseUrl(), API_KEY);

            assertThat(service.bean(NettyEmbeddedServer.class).getBoundPorts())
                    .containsExactly(service.baseUrl().getPort());
            for (String path : new String[] {"/health/liveness", "/health/readiness", "/prometheus", "/openapi.yml"}) {
                assertThat(api.send(api.anonymous(path).GET()).status())
                        .as(path)
                        .isEqualTo(401);
                assertThat(api.get(path).status()).as(path).isEqualTo(404);
            }
            assertThat(api.get("/api/beta_testing").status()).isEqualTo(200);
        }
    }
}
