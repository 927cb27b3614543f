package com.communitybot.http;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.SilentCloseable;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.Endpoints.Endpoint;
import com.communitybot.http.testing.RawHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * Coverage-guided fuzzing of what a client sends, through the real HTTP server: one embedded server serves
 * every input. In an ordinary build each method replays the inputs committed under
 * {@code RequestFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes one of them (docs/testing.md). Every answer
 * must be one the contract allows ({@link Wire#assertAllowed}): never a 5xx, a hang or a body that is not
 * the contract's.
 *
 * <p>An input's first byte picks the endpoint (or the place in the path), the rest is what goes there, so a
 * committed input reads as a letter followed by the request's body or path segment.
 */
@Tag("fuzz")
class RequestFuzzTest {

    /** The Content-Type a body input is sent with, by its second byte. */
    private static final List<String> CONTENT_TYPES =
            List.of("application/json", "", "application/json; charset=utf-8", "text/plain");

    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    /**
     * Jazzer's SSRF detector reports every connection made while a fuzz test runs; here the test itself makes
     * them, to the server under test and nowhere else. (Its detectors are loaded with the fuzz test, so this
     * cannot be said once before all.)
     */
    private static SilentCloseable connectionsToTheServer() {
        int port = server.getPort();
        return BugDetectors.allowNetworkConnections((host, to) -> to == port);
    }

    /**
     * A body of any bytes to any endpoint that reads one, at a guild the bot is in: the spec's answer, or
     * 400/413/415 with the contract's error body. Byte 0 picks the endpoint, byte 1 the Content-Type (no
     * header at all for an empty one), the rest is the body.
     */
    @FuzzTest(maxDuration = "5m")
    void requestBodies(byte[] input) {
        if (input.length < 2) {
            return;
        }
        try (SilentCloseable allowed = connectionsToTheServer()) {
            requestBody(input);
        }
    }

    private static void requestBody(byte[] input) {
        Endpoint endpoint = Endpoints.WITH_BODY.get(Math.floorMod(input[0], Endpoints.WITH_BODY.size()));
        String contentType = CONTENT_TYPES.get(Math.floorMod(input[1], CONTENT_TYPES.size()));
        byte[] body = Arrays.copyOfRange(input, 2, input.length);
        byte[] target = endpoint.at(Endpoints.GUILD).getBytes(StandardCharsets.US_ASCII);

        RawHttp.Response response =
                Wire.send(server.getURI(), endpoint.method(), target, contentType.isEmpty() ? null : contentType, body);

        Set<Integer> allowed = new HashSet<>(endpoint.answers());
        if (!contentType.equals("text/plain")) {
            allowed.remove(415);
        }
        Wire.assertAllowed(response, allowed, endpoint + " with " + body.length + " bytes");
    }

    /** The places where a path or query carries outside input, by an input's first byte. */
    private record Place(String before, String after, Endpoint endpoint) {}

    private static final List<Place> PLACES = places();

    private static List<Place> places() {
        List<Place> places = new java.util.ArrayList<>();
        for (Endpoint endpoint : Endpoints.ALL) {
            if (endpoint.guildScoped()) {
                String[] around = endpoint.path().split("%s", -1);
                places.add(new Place(around[0], around[1], endpoint));
            }
        }
        Endpoint member = Endpoints.ALL.stream()
                .filter(e -> e.path().endsWith("/leaderboard/300000000000000001"))
                .findFirst()
                .orElseThrow();
        Endpoint leaderboard = Endpoints.ALL.stream()
                .filter(e -> e.path().endsWith("/leaderboard"))
                .findFirst()
                .orElseThrow();
        places.add(new Place("/api/" + Endpoints.GUILD + "/leaderboard/", "", member));
        places.add(new Place("/api/" + Endpoints.GUILD + "/leaderboard?limit=", "", leaderboard));
        places.add(new Place("/api/" + Endpoints.GUILD + "/leaderboard?limit=2&after=", "", leaderboard));
        return List.copyOf(places);
    }

    /**
     * A path segment or query value of any bytes (percent-encoded, a '%' left as sent, so malformed escapes
     * arrive too): {@code Invalid guild_id} and the like are 400s, an unknown guild 404, and a body that
     * reads is sent along, so the segment is what decides.
     */
    @FuzzTest(maxDuration = "5m")
    void pathSegments(byte[] input) {
        if (input.length < 1) {
            return;
        }
        try (SilentCloseable allowed = connectionsToTheServer()) {
            pathSegment(input);
        }
    }

    private static void pathSegment(byte[] input) {
        Place place = PLACES.get(Math.floorMod(input[0], PLACES.size()));
        byte[] segment = Arrays.copyOfRange(input, 1, input.length);
        byte[] target = Wire.target(place.before(), segment, place.after());
        Endpoint endpoint = place.endpoint();
        byte[] body = endpoint.hasBody() ? readableBody(endpoint) : null;

        RawHttp.Response response =
                Wire.send(server.getURI(), endpoint.method(), target, body == null ? null : "application/json", body);

        Set<Integer> allowed = new HashSet<>(endpoint.answers());
        allowed.add(404);
        allowed.add(405);
        allowed.remove(415);
        allowed.remove(413);
        // Netty's longest request line (without its CRLF) is 4096 bytes; a longer one is 414 before Micronaut
        // sees it (OversizedRequestHead).
        int requestLine = endpoint.method().length() + 1 + target.length + " HTTP/1.1".length();
        if (requestLine > 4096) {
            allowed.add(414);
        }
        Wire.assertAllowed(
                response, allowed, endpoint.method() + " " + new String(target, StandardCharsets.ISO_8859_1));
    }

    private static byte[] readableBody(Endpoint endpoint) {
        String body =
                switch (endpoint.path()) {
                    case "/api/%s/level/track" ->
                        endpoint.method().equals("DELETE")
                                ? "{\"track_name\": \"fuzz\"}"
                                : "{\"track_name\": \"fuzz\", \"roles\": [{\"role_id\": \"1\", \"level\": 1}]}";
                    case "/api/%s/level_bridger" ->
                        endpoint.method().equals("DELETE")
                                ? "{\"in_role_id\": \"1\"}"
                                : "{\"in_role_id\": \"1\", \"out_role_id\": \"2\"}";
                    default -> throw new IllegalArgumentException(endpoint.toString());
                };
        return body.getBytes(StandardCharsets.UTF_8);
    }
}
