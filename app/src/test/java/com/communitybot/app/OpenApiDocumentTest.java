package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micronaut.web.router.Router;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The OpenAPI document against the service: it describes exactly the routes the API port has, it is served
 * with its pages on the management port only, and every response of the whole API contract suite, run
 * here once more on H2 with its exchanges recorded, conforms to it (swagger-request-validator).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenApiDocumentTest extends ApiContract {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<ApiClient.Exchange> exchanges = new CopyOnWriteArrayList<>();
    private RunningService service;
    private ApiClient management;
    private String yaml;

    @BeforeAll
    void startService() {
        service = new RunningService(StoreBackend.H2.freshDatabase("openapi"), Map.of());
        management = new ApiClient(service.managementUrl(), API_KEY);
        yaml = withoutKey(management, "/openapi.yml").body();
        ApiClient.recordInto(exchanges::add);
    }

    @AfterAll
    void everyResponseTheSuiteSaw_conformsToTheDocument() {
        ApiClient.recordInto(exchange -> {});
        try {
            OpenApiInteractionValidator validator = OpenApiInteractionValidator.createForInlineApiSpecification(yaml)
                    .build();
            List<String> problems = new java.util.ArrayList<>();
            int checked = 0;
            for (ApiClient.Exchange exchange : exchanges) {
                if (exchange.uri().getPort() != service.baseUrl().getPort()) {
                    continue;
                }
                ApiClient.Reply reply = exchange.reply();
                SimpleResponse.Builder response =
                        SimpleResponse.Builder.status(reply.status()).withBody(reply.body());
                if (reply.contentType() != null) {
                    response.withContentType(reply.contentType());
                }
                ValidationReport report = validator.validateResponse(
                        exchange.uri().getRawPath(), Request.Method.valueOf(exchange.method()), response.build());
                checked++;
                for (ValidationReport.Message message : report.getMessages()) {
                    if (message.getKey().equals("validation.request.path.missing")
                            || message.getKey().equals("validation.request.operation.notAllowed")) {
                        continue; // the suite's own probes of unknown paths and wrong methods (401, 404, 405)
                    }
                    problems.add(exchange.method() + " " + exchange.uri().getRawPath() + " " + reply.status() + ": "
                            + message.getKey() + " " + message.getMessage());
                }
            }
            assertThat(checked).isGreaterThan(100);
            assertThat(problems).isEmpty();
        } finally {
            service.close();
        }
    }

    @Override
    protected URI baseUrl() {
        return service.baseUrl();
    }

    @Override
    protected void givenLevelRecords(LevelRecord... records) {
        service.insertLevels(records);
    }

    @Override
    protected void clearStore() {
        service.clearStore();
    }

    static ApiClient.Reply withoutKey(ApiClient client, String path) {
        return client.send(client.anonymous(path).GET());
    }

    /** The document and the service's routes, and where the document is served. */
    @Nested
    class TheDocument {

        @Test
        void describesExactlyTheRoutesOfTheApiPort() throws Exception {
            JsonNode document =
                    JSON.readTree(withoutKey(management, "/openapi.json").body());
            Set<String> documented = new TreeSet<>();
            document.get("paths").fields().forEachRemaining(path -> path.getValue()
                    .fieldNames()
                    .forEachRemaining(method -> documented.add(method.toUpperCase() + " " + path.getKey())));

            Set<String> routes = service.bean(Router.class)
                    .uriRoutes()
                    .filter(route -> route.getPort() == null) // the management port's own
                    .filter(route -> !route.getHttpMethodName().equals("HEAD")) // Micronaut's own, for each GET
                    .map(route -> route.getHttpMethodName() + " "
                            + route.getUriMatchTemplate().toPathString().replaceAll("\\{([^}:]+):[^}]*}", "{$1}"))
                    .collect(Collectors.toCollection(TreeSet::new));

            assertThat(documented).isEqualTo(routes).hasSizeGreaterThanOrEqualTo(15);
        }

        @Test
        void declaresTheApiKeyAndU64Numbers() throws Exception {
            JsonNode document =
                    JSON.readTree(withoutKey(management, "/openapi.json").body());

            assertThat(document.at("/components/securitySchemes/api_key/name").asText())
                    .isEqualTo("X-API-Key");
            assertThat(document.at("/security/0").has("api_key")).isTrue();
            assertThat(document.at("/components/schemas/ResponsesLeaderboardMember/properties/xp/maximum")
                            .asText())
                    .isEqualTo("18446744073709551615");
            assertThat(document.at("/components/schemas/ResponsesLeaderboardMember/properties/user_id/pattern")
                            .asText())
                    .isNotEmpty();
            assertThat(document.at("/components/schemas/TrackLevelRoleInput/oneOf")
                            .size())
                    .isEqualTo(2);
        }

        @Test
        void andItsPages_areServedFromTheJarOnTheManagementPortOnly() {
            ApiClient.Reply swaggerUi = withoutKey(management, "/swagger-ui");
            assertThat(swaggerUi.status()).isEqualTo(200);
            assertThat(swaggerUi.body()).contains("/openapi.yml").doesNotContain("unpkg", "cdn.", "https://");
            assertThat(withoutKey(management, "/swagger-ui/res/swagger-ui-bundle.js")
                            .status())
                    .isEqualTo(200);
            assertThat(withoutKey(management, "/redoc").body()).contains("/openapi.yml");
            assertThat(withoutKey(management, "/redoc/res/redoc.standalone.js").status())
                    .isEqualTo(200);
            assertThat(withoutKey(management, "/openapi.yml").contentType()).startsWith("application/yaml");

            ApiClient api = new ApiClient(service.baseUrl(), API_KEY);
            for (String path : List.of("/openapi.yml", "/openapi.json", "/swagger-ui", "/redoc")) {
                assertThat(withoutKey(api, path).status()).as(path).isEqualTo(401);
                assertThat(api.get(path).status()).as(path).isEqualTo(404);
            }
        }
    }
}
