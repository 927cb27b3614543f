package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.persistence.testing.StoreBackend;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** {@code GET /prometheus} on the management port, after real requests on the API port. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PrometheusMetricsTest {

    private RunningService service;
    private ApiClient api;
    private ApiClient management;

    @BeforeAll
    void start() {
        service = new RunningService(StoreBackend.H2.freshDatabase("metrics"), Map.of());
        api = new ApiClient(service.baseUrl(), API_KEY);
        management = new ApiClient(service.managementUrl(), API_KEY);
        service.insertLevels(
                new LevelRecord(GUILD + ":300000000000000001", U64.ofNonNegative(10), U64.ofNonNegative(1)),
                new LevelRecord(GUILD + ":300000000000000002", U64.ofNonNegative(20), U64.ofNonNegative(2)));
    }

    @AfterAll
    void stop() {
        service.close();
    }

    private String scrape() {
        ApiClient.Reply reply =
                management.send(management.anonymous("/prometheus").GET());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.contentType()).startsWith("text/plain");
        return reply.body();
    }

    /** The names and labels of every sample of {@code scrape}, without the values. */
    private static String labels(String scrape) {
        return Arrays.stream(scrape.split("\n"))
                .filter(l -> !l.startsWith("#") && l.lastIndexOf(' ') > 0)
                .map(l -> l.substring(0, l.lastIndexOf(' ')))
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    private static List<String> lines(String scrape, String prefix) {
        return Arrays.stream(scrape.split("\n"))
                .filter(l -> l.startsWith(prefix))
                .toList();
    }

    @Test
    void requests_areCountedPerRouteTemplateAndStatus_neverPerRawPath() {
        String leaderboard = api.get("/api/" + GUILD + "/leaderboard").body();
        api.get("/api/123456789/roles");
        api.send(api.anonymous("/api/987654321/roles").GET());
        api.get("/no/such/path/555555");

        String scrape = scrape();

        assertThat(lines(scrape, "http_server_requests_seconds_count"))
                .anyMatch(l -> l.contains("uri=\"/api/{guild_id}/leaderboard\"") && l.contains("status=\"200\""))
                .anyMatch(l -> l.contains("uri=\"NOT_FOUND\"") && l.contains("status=\"404\""));
        assertThat(lines(scrape, "http_server_requests_seconds_bucket")).isNotEmpty();
        assertThat(lines(scrape, "http_server_requests_refused_total"))
                .containsExactly("http_server_requests_refused_total{status=\"401\"} 1.0");
        // In the labels: a sample's value may hold the same digits (system_cpu_usage 0.9555555555555555).
        assertThat(labels(scrape)).doesNotContain(GUILD, "123456789", "987654321", "555555");
        assertThat(lines(scrape, "leaderboard_rows_total").get(0)).endsWith(" 2.0");
        assertThat(lines(scrape, "leaderboard_bytes_total").get(0))
                .endsWith(" " + (double) leaderboard.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }

    @Test
    void requestsAnsweredWithoutMicronautsRouting_areCountedAsMicronautCountsThem() {
        long roles = count("GET", "/api/{guild_id}/roles");
        long presence = count("POST", "/api/is_bot_there");

        assertThat(api.get("/api/" + GUILD + "/roles").status()).isEqualTo(200);
        assertThat(api.get("/api/" + GUILD + "/roles").status()).isEqualTo(200);
        assertThat(api.post("/api/is_bot_there", "{\"guild_ids\":[\"" + GUILD + "\"]}")
                        .status())
                .isEqualTo(200);

        assertThat(count("GET", "/api/{guild_id}/roles")).isEqualTo(roles + 2);
        assertThat(count("POST", "/api/is_bot_there")).isEqualTo(presence + 1);
        assertThat(lines(scrape(), "http_server_requests_seconds_bucket"))
                .anyMatch(l -> l.contains("uri=\"/api/{guild_id}/roles\""));
    }

    /** The count of 200s of one route in {@code http_server_requests_seconds_count}, 0 before the first. */
    private long count(String method, String route) {
        return lines(scrape(), "http_server_requests_seconds_count").stream()
                .filter(l -> l.contains("method=\"" + method + "\"")
                        && l.contains("status=\"200\"")
                        && l.contains("uri=\"" + route + "\""))
                .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }

    @Test
    void thePoolTheJvmAndTheProcess_areThere() {
        String scrape = scrape();

        for (String meter : List.of(
                "hikaricp_connections_active",
                "hikaricp_connections_idle",
                "hikaricp_connections_pending",
                "hikaricp_connections_timeout_total",
                "jvm_memory_used_bytes",
                "jvm_threads_live_threads",
                "process_cpu_usage",
                "process_uptime_seconds")) {
            assertThat(lines(scrape, meter)).as(meter).isNotEmpty();
        }
    }

    @Test
    void h2sPageCache_inTheHeap_isThere() {
        String scrape = scrape();

        double used = value(scrape, "h2_cache_used_bytes");
        double max = value(scrape, "h2_cache_max_bytes");
        assertThat(max).isNotNaN().isPositive();
        assertThat(used).isNotNaN().isBetween(0.0, max);
        assertThat(used % (1 << 20)).as("whole MiB, as H2 reports it").isZero();
    }

    private static double value(String scrape, String meter) {
        List<String> found = lines(scrape, meter + " ");
        assertThat(found).as(meter).hasSize(1);
        return Double.parseDouble(found.get(0).substring(meter.length() + 1));
    }
}
