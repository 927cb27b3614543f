package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.Endpoints.Endpoint;
import com.communitybot.http.testing.RawHttp;
import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile bodies of issue 13, sent to every endpoint that reads a body (the ledger's too), through the real server: each is
 * answered at once, with the spec's answer or the contract's 400/413 and its error body, never a 5xx, a
 * hang, a stack overflow or an out-of-memory. Each body is otherwise the endpoint's own valid body, so the
 * hostile part is what decides.
 */
@Timeout(120)
class HostileBodiesTest {

    /** A valid body's fields for each endpoint, without the braces around them. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("POST /api/is_bot_there", "\"guild_ids\": [\"100000000000000001\"]"),
            Map.entry(
                    "POST /api/%s/level/track",
                    "\"track_name\": \"hostile\", \"roles\": [{\"role_id\": \"1\", \"level\": 1}]"),
            Map.entry("PATCH /api/%s/level/track", "\"track_name\": \"hostile\", \"roles\": [1]"),
            Map.entry("DELETE /api/%s/level/track", "\"track_name\": \"hostile\""),
            Map.entry("POST /api/%s/level_bridger", "\"in_role_id\": \"hostile\", \"out_role_id\": \"2\""),
            Map.entry("PUT /api/%s/level_bridger", "\"in_role_id\": \"hostile\", \"out_role_id\": \"3\""),
            Map.entry("DELETE /api/%s/level_bridger", "\"in_role_id\": \"hostile\""),
            Map.entry("POST /api/beta_testing", "\"guild_id\": \"hostile\""),
            Map.entry("POST /api/is_beta_server", "\"guild_ids\": [\"hostile\"]"),
            Map.entry("PUT /api/%s/levels/300000000000000001", "\"level\": 1, \"xp\": 2, \"reason\": \"hostile\""),
            Map.entry("PATCH /api/%s/levels/300000000000000001", "\"xp_delta\": 1, \"reason\": \"hostile\""),
            Map.entry("DELETE /api/%s/levels/300000000000000001", "\"reason\": \"hostile\""),
            Map.entry(
                    "DELETE /api/%s/levels", "\"confirm_guild_id\": \"100000000000000001\", \"reason\": \"hostile\""));

    private static final String NOT_JSON = "Request body is not valid JSON: ";
    private static final int MEGABYTE = 1024 * 1024;
    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    static Stream<Endpoint> endpoints() {
        return Stream.concat(Endpoints.WITH_BODY.stream(), Endpoints.LEDGER_WITH_BODY.stream());
    }

    private static RawHttp.Response send(Endpoint endpoint, byte[] body) {
        return Wire.send(
                server.getURI(),
                endpoint.method(),
                endpoint.at(Endpoints.GUILD).getBytes(StandardCharsets.US_ASCII),
                "application/json",
                body);
    }

    private static byte[] bytes(String... parts) {
        return String.join("", parts).getBytes(StandardCharsets.UTF_8);
    }

    /** The endpoint's own body with {@code "x": value} before its fields, an unknown field it ignores. */
    private static byte[] withExtra(Endpoint endpoint, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(bytes("{\"x\": "));
        out.writeBytes(value);
        out.writeBytes(bytes(", ", FIELDS.get(endpoint.toString()), "}"));
        return out.toByteArray();
    }

    private static JsonNode refused(Endpoint endpoint, byte[] body) {
        RawHttp.Response response = send(endpoint, body);
        JsonNode json = Wire.assertAllowed(response, Set.of(400), endpoint.toString());
        return json;
    }

    private static JsonNode accepted(Endpoint endpoint, byte[] body) {
        RawHttp.Response response = send(endpoint, body);
        Set<Integer> spec = new HashSet<>(endpoint.answers());
        spec.removeAll(Set.of(400, 413, 415));
        return Wire.assertAllowed(response, spec, endpoint.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void theValidBody_isAccepted(Endpoint endpoint) {
        accepted(endpoint, bytes("{", FIELDS.get(endpoint.toString()), "}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void arrays100000Deep_are400_notAStackOverflow(Endpoint endpoint) {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertThat(refused(endpoint, withExtra(endpoint, bytes(deep)))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON + "Document nesting depth (1001) exceeds the maximum allowed (1000");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void objects100000Deep_are400_notAStackOverflow(Endpoint endpoint) {
        String deep = "{\"a\": ".repeat(100_000) + "1" + "}".repeat(100_000);
        assertThat(refused(endpoint, withExtra(endpoint, bytes(deep)))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON + "Document nesting depth (1001) exceeds the maximum allowed (1000");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void aNumberOfAMillionDigits_is400(Endpoint endpoint) {
        assertThat(refused(endpoint, withExtra(endpoint, bytes("7".repeat(1_000_000))))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON + "Number value length");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void aTenMegabyteString_underTheLimit_isReadAndIgnored(Endpoint endpoint) {
        byte[] body = withExtra(endpoint, bytes("\"", "s".repeat(10_000_000), "\""));
        assertThat(body.length).isLessThan(10 * MEGABYTE);
        accepted(endpoint, body);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void aStringOverTheLimit_is413_withTheErrorBody(Endpoint endpoint) {
        byte[] body = withExtra(endpoint, bytes("\"", "s".repeat(10 * MEGABYTE), "\""));
        RawHttp.Response response = send(endpoint, body);
        Wire.assertAllowed(response, Set.of(413), endpoint.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void invalidUtf8_is400(Endpoint endpoint) {
        assertThat(refused(endpoint, withExtra(endpoint, new byte[] {'"', (byte) 0xff, (byte) 0xfe, '"'}))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON + "Invalid UTF-8 start byte 0xff");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void aByteOrderMark_isSkipped(Endpoint endpoint) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        body.writeBytes(bytes("{", FIELDS.get(endpoint.toString()), "}"));
        accepted(endpoint, body.toByteArray());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void aRawNulByte_is400_anEscapedOneIsText(Endpoint endpoint) {
        assertThat(refused(endpoint, withExtra(endpoint, new byte[] {'"', 'a', 0, 'b', '"'}))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON + "Illegal unquoted character ((CTRL-CHAR, code 0))");
        assertThat(refused(endpoint, withExtra(endpoint, new byte[] {0}))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON);
        accepted(endpoint, withExtra(endpoint, bytes("\"a\\u0000b\"")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void surrogateHalvesInKeys_are400_pairsAreKeysLikeAnyOther(Endpoint endpoint) {
        assertThat(refused(endpoint, withExtra(endpoint, bytes("{\"\\ud800\": 1}")))
                        .path("message")
                        .asText())
                .isEqualTo(NOT_JSON
                        + "Broken surrogate pair in field name: expected '\\' to start low surrogate, got 0x22");
        assertThat(refused(endpoint, withExtra(endpoint, bytes("{\"a\": {\"\\udfff\": 1}}")))
                        .path("message")
                        .asText())
                .startsWith(NOT_JSON);
        accepted(endpoint, withExtra(endpoint, bytes("{\"\\ud83d\\ude00\": {\"\\ud800\\udc00\": [2]}}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endpoints")
    void duplicateKeys_areRefusedAtEveryDepth(Endpoint endpoint) {
        String fields = FIELDS.get(endpoint.toString());
        String firstKey = fields.substring(1, fields.indexOf('"', 1));
        assertThat(refused(endpoint, bytes("{", fields, ", ", fields, "}"))
                        .path("message")
                        .asText())
                .isEqualTo(NOT_JSON + "Duplicate field '" + firstKey + "'");
        IntStream.of(1, 2, 3, 10, 100, 999).forEach(depth -> {
            String value = "{\"k\": 1, \"k\": 2}";
            for (int i = 1; i < depth; i++) {
                value = (i % 2 == 0 ? "{\"d\": " + value + "}" : "[" + value + "]");
            }
            assertThat(refused(endpoint, withExtra(endpoint, bytes(value)))
                            .path("message")
                            .asText())
                    .as("a repeated key %d levels down", depth)
                    .isEqualTo(NOT_JSON + "Duplicate field 'k'");
        });
    }
}
