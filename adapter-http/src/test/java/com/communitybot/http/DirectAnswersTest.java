package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DirectAnswers}: for the requests it takes, Micronaut's own answer, byte for byte but the date and the
 * request id; every other request is Micronaut's, and the answers of a connection keep their requests' order.
 * Micronaut's answer to the same request comes from a second server, the same but without the handler.
 */
class DirectAnswersTest {

    private static final String KEY = "X-API-Key: " + ApiFixture.API_KEY;
    private static final String JSON = "Content-Type: application/json";

    private static EmbeddedServer server;
    private static EmbeddedServer micronautAlone;
    private static DirectAnswers direct;

    @BeforeAll
    static void start() {
        InMemoryLevelStore levels = new InMemoryLevelStore();
        for (int i = 1; i <= 2_000; i++) {
            levels.put(new LevelRecord(
                    ApiFixture.GUILD + ":" + (300000000000000000L + i),
                    U64.ofNonNegative(i),
                    U64.ofNonNegative(i % 50)));
        }
        server = InMemoryServer.start(levels, new InMemorySettingsStore(), new InMemoryBetaStore());
        direct = server.getApplicationContext().getBean(DirectAnswers.class);
        micronautAlone = InMemoryServer.start(
                levels, new InMemorySettingsStore(), new InMemoryBetaStore(), Map.of(DirectAnswers.ENABLED, false));
        assertThat(micronautAlone.getApplicationContext().containsBean(DirectAnswers.class))
                .isFalse();
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
        micronautAlone.getApplicationContext().close();
    }

    /** A request's answer and whether {@link DirectAnswers} gave it. */
    private record Answer(RawHttp.Response response, boolean direct) {

        /** The status line, the headers in their order but {@code date} and {@code X-Request-Id}, and the body. */
        String withoutDateAndId() {
            StringBuilder text = new StringBuilder(response.statusLine()).append('\n');
            response.headers().forEach((name, value) -> {
                if (!name.equals("date") && !name.equals("x-request-id")) {
                    text.append(name).append(": ").append(value).append('\n');
                }
            });
            return text.append('\n').append(response.bodyText()).toString();
        }
    }

    private static Answer send(URI base, String requestLine, List<String> headers, String body) throws IOException {
        long before = direct.answeredHere();
        try (Socket socket = connect(base)) {
            socket.getOutputStream().write(request(base, requestLine, headers, body));
            RawHttp.Response response = RawHttp.read(socket);
            return new Answer(response, direct.answeredHere() > before);
        }
    }

    private static Answer send(String requestLine, List<String> headers, String body) throws IOException {
        return send(server.getURI(), requestLine, headers, body);
    }

    private static Socket connect(URI base) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
        socket.setSoTimeout(15_000);
        return socket;
    }

    private static byte[] request(URI base, String requestLine, List<String> headers, String body) {
        StringBuilder text = new StringBuilder(requestLine)
                .append("\r\nHost: ")
                .append(base.getHost())
                .append(':')
                .append(base.getPort())
                .append("\r\n");
        headers.forEach(h -> text.append(h).append("\r\n"));
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            text.append("Content-Length: ").append(bytes.length).append("\r\n");
        }
        text.append("\r\n");
        byte[] head = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + bytes.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(bytes, 0, all, head.length, bytes.length);
        return all;
    }

    /** Sends the request to both servers; the first answers it directly, with the second's answer. */
    private static Answer sameAsMicronaut(String requestLine, List<String> headers, String body) throws IOException {
        Answer direct = send(requestLine, headers, body);
        Answer micronaut = send(micronautAlone.getURI(), requestLine, headers, body);

        assertThat(direct.direct()).as("answered directly").isTrue();
        assertThat(direct.withoutDateAndId()).isEqualTo(micronaut.withoutDateAndId());
        assertThat(direct.response().headers()).containsKeys("date", "x-request-id");
        return direct;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                ApiFixture.GUILD,
                ApiFixture.MAX_GUILD,
                ApiFixture.SHORT_GUILD,
                ApiFixture.LONG_GUILD,
                "0000" + ApiFixture.SHORT_GUILD
            })
    void roles_answeredDirectly_areMicronautsAnswer(String guild) throws IOException {
        Answer answer = sameAsMicronaut("GET /api/" + guild + "/roles HTTP/1.1", List.of(KEY), null);

        assertThat(answer.response().status()).isEqualTo(200);
        assertThat(answer.response().headers()).containsEntry("content-type", "application/json");
    }

    @Test
    void roles_withTheAcceptsMicronautAnswersAsJson_areAnsweredDirectly() throws IOException {
        String line = "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1";
        sameAsMicronaut(line, List.of(KEY, "Accept: */*"), null);
        sameAsMicronaut(line, List.of(KEY, "Accept: application/json"), null);
        sameAsMicronaut(line, List.of(KEY, "Accept-Encoding: gzip"), null);
    }

    @Test
    void roles_withTheJdkClientsAskForHttp2_areAnsweredDirectly_theServerSpeaksHttp11() throws IOException {
        sameAsMicronaut(
                "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1",
                List.of(
                        KEY,
                        "Connection: Upgrade, HTTP2-Settings",
                        "Upgrade: h2c",
                        "HTTP2-Settings: AAEAAEAAAAIAAAABAAMAAABkAAQBAAAAAAUAAEAA"),
                null);
        sameAsMicronaut(
                "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1", List.of(KEY, "Connection: keep-alive"), null);
    }

    @ParameterizedTest
    @ValueSource(strings = {ApiFixture.GUILD, ApiFixture.SHORT_GUILD, "0000" + ApiFixture.SHORT_GUILD})
    void leaderboard_answeredDirectly_isMicronautsAnswer(String guild) throws IOException {
        String line = "GET /api/" + guild + "/leaderboard HTTP/1.1";
        Answer answer = sameAsMicronaut(line, List.of(KEY), null);
        sameAsMicronaut(line, List.of(KEY, "Accept: application/json"), null);

        assertThat(answer.response().status()).isEqualTo(200);
        assertThat(answer.response().end()).isEqualTo(RawHttp.End.LAST_CHUNK);
        if (guild.equals(ApiFixture.GUILD)) {
            assertThat(answer.response().body().length).as("several chunks").isGreaterThan(LeaderboardJson.CHUNK_BYTES);
            assertThat(answer.response().bodyText()).endsWith("\"rank\":2000}]");
        }
    }

    /**
     * A leaderboard still going out when the server stops (graceful shutdown) is finished, then the connection
     * closes; Micronaut does the same with its own answer. The body (60,000 entries, about 9 MB) is far more than
     * the sockets' buffers, so most of it is sent after the stop began.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aLeaderboardGoingOutWhenTheServerStops_isFinished_thenTheConnectionCloses(boolean answeredDirectly)
            throws Exception {
        InMemoryLevelStore levels = new InMemoryLevelStore();
        int records = 60_000;
        for (int i = 1; i <= records; i++) {
            levels.put(new LevelRecord(
                    ApiFixture.GUILD + ":" + (400000000000000000L + i), U64.ofNonNegative(i), U64.ofNonNegative(1)));
        }
        EmbeddedServer stopping = InMemoryServer.start(
                levels,
                new InMemorySettingsStore(),
                new InMemoryBetaStore(),
                Map.of(
                        DirectAnswers.ENABLED,
                        answeredDirectly,
                        "micronaut.lifecycle.graceful-shutdown.enabled",
                        true,
                        "micronaut.lifecycle.graceful-shutdown.grace-period",
                        "20s"));
        Thread stop = new Thread(() -> stopping.getApplicationContext().close(), "stop");
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(16 * 1024);
            socket.connect(new InetSocketAddress(stopping.getHost(), stopping.getPort()), 5_000);
            socket.setSoTimeout(15_000);
            socket.getOutputStream()
                    .write(request(
                            stopping.getURI(),
                            "GET /api/" + ApiFixture.GUILD + "/leaderboard HTTP/1.1",
                            List.of(KEY),
                            null));
            Thread.sleep(300); // the answer has begun and waits for the client to read
            stop.start();
            Thread.sleep(500); // the server is stopping

            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.end()).isEqualTo(RawHttp.End.LAST_CHUNK);
            assertThat(response.bodyText()).endsWith("\"rank\":" + records + "}]");
            assertThat(socket.getInputStream().read())
                    .as("the connection closed after it")
                    .isEqualTo(-1);
        } finally {
            stop.join(30_000);
            if (stopping.getApplicationContext().isRunning()) {
                stopping.getApplicationContext().close();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"guild_ids\":[]}",
                "{\"guild_ids\":[\"100000000000000001\",\"100000000000000002\",\"18446744073709551615\","
                        + "\"18446744073709551616\",\"+12\",\"0012\",\"abc\",\"\",\"12 \",\"-1\"]}",
                "{\"guild_ids\":[\"\\u0031\\u0032\",\"١٢\"]}",
                " { \"other\" : {\"guild_ids\": 5}, \"guild_ids\" : [ \"123\" ] } ",
                "{\"guild_ids\":[\"12\"],\"extra\":[1,2,{\"a\":null}]}",
                "{\"guild_ids\":[\"\\ud83d\\ude00\",\"12\"],\"x\":{\"a\":[1,{\"b\":2}],\"guild_ids\":null}}",
                "\n{\"before\":true,\"guild_ids\":[\"123\"],\"after\":\"x\"}\n\n"
            })
    void isBotThere_answeredDirectly_isMicronautsAnswer(String body) throws IOException {
        Answer answer = sameAsMicronaut("POST /api/is_bot_there HTTP/1.1", List.of(KEY, JSON), body);

        assertThat(answer.response().status()).isEqualTo(200);
        assertThat(answer.response().bodyText()).startsWith("{\"results\":[");
    }

    @Test
    void isBotThere_withACharsetUtf8_isAnsweredDirectly() throws IOException {
        sameAsMicronaut(
                "POST /api/is_bot_there HTTP/1.1",
                List.of(KEY, "Content-Type: application/json; charset=UTF-8"),
                "{\"guild_ids\":[\"12\"]}");
    }

    private static Arguments notTaken(String line, String headers, String body, int status) {
        List<String> lines = new ArrayList<>();
        for (String h : headers.split("\\|")) {
            switch (h) {
                case "" -> {}
                case "KEY" -> lines.add(KEY);
                case "JSON" -> lines.add(JSON);
                default -> lines.add(h);
            }
        }
        return Arguments.of(line, lines, body, status);
    }

    /** Request line, header lines ({@code |} between them), body (null for none), and Micronaut's status. */
    static Stream<Arguments> requestsItDoesNotTake() {
        String roles = "GET /api/100000000000000001/roles HTTP/1.1";
        String presence = "POST /api/is_bot_there HTTP/1.1";
        return Stream.of(
                notTaken(roles, "", null, 401),
                notTaken("GET /api/100000000000000001/leaderboard HTTP/1.1", "X-API-Key: wrong", null, 401),
                notTaken("GET /api/100000000000000002/leaderboard HTTP/1.1", "KEY", null, 404),
                notTaken("GET /api/18446744073709551616/leaderboard HTTP/1.1", "KEY", null, 400),
                notTaken("GET /api/100000000000000001/leaderboard?limit=5 HTTP/1.1", "KEY", null, 200),
                notTaken("GET /api/100000000000000001/leaderboard HTTP/1.1", "KEY|Accept-Encoding: gzip", null, 200),
                notTaken("GET /api/100000000000000001/leaderboard HTTP/1.1", "KEY|Connection: close", null, 200),
                notTaken("GET /api/100000000000000001/leaderboard/x HTTP/1.1", "KEY", null, 400),
                notTaken(roles, "X-API-Key: wrong", null, 401),
                notTaken(roles, "KEY|" + KEY, null, 401),
                notTaken("GET /api/100000000000000002/roles HTTP/1.1", "KEY", null, 404),
                notTaken("GET /api/18446744073709551616/roles HTTP/1.1", "KEY", null, 400),
                notTaken("GET /api/x/roles HTTP/1.1", "KEY", null, 400),
                notTaken("GET /api/%31%32/roles HTTP/1.1", "KEY", null, 200),
                notTaken("GET /api/12/roles?x=1 HTTP/1.1", "KEY", null, 200),
                notTaken("GET /api/12/roles HTTP/1.0", "KEY", null, 200),
                notTaken("HEAD /api/12/roles HTTP/1.1", "KEY", null, 200),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Accept: text/html", null, 406),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Accept: application/json;q=0.9", null, 200),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Origin: https://dash.example", null, 403),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY", "x", 200),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Connection: close", null, 200),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Connection: TE, Close", null, 200),
                notTaken("GET /api/12/roles HTTP/1.1", "KEY|Expect: 100-continue", null, 200),
                notTaken("POST /api/12/roles HTTP/1.1", "KEY|JSON", "{}", 405),
                notTaken(presence, "JSON", "{\"guild_ids\":[\"12\"]}", 401),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[\"12\"],\"guild_ids\":[]}", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[\"12\"]} []", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[12]}", 400),
                notTaken(presence, "KEY|JSON", "{\"x\":{\"a\":1,\"a\":2},\"guild_ids\":[\"12\"]}", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[\"12\",null]}", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[[\"12\"]]}", 400),
                notTaken(presence, "KEY|JSON", "{\"Guild_ids\":[\"12\"]}", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":\"12\"}", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":null}", 400),
                notTaken(presence, "KEY|JSON", "{}", 400),
                notTaken(presence, "KEY|JSON", "[]", 400),
                notTaken(presence, "KEY|JSON", "null", 400),
                notTaken(presence, "KEY|JSON", "{\"guild_ids\":[\"12\"", 400),
                notTaken(presence, "KEY|JSON", "", 400),
                notTaken(presence, "KEY|Content-Type: text/plain", "{\"guild_ids\":[]}", 415),
                notTaken(presence, "KEY", "{\"guild_ids\":[]}", 200),
                notTaken("GET /api/is_bot_there HTTP/1.1", "KEY", null, 405));
    }

    @ParameterizedTest
    @MethodSource("requestsItDoesNotTake")
    void requestsItDoesNotTake_areMicronauts(String line, List<String> headers, String body, int status)
            throws IOException {
        Answer answer = send(line, headers, body);

        assertThat(answer.direct()).as("answered directly").isFalse();
        assertThat(answer.response().status()).isEqualTo(status);
    }

    @Test
    void pipelinedRequests_areAnsweredInTheirOrder_whoeverAnswersThem() throws IOException {
        URI base = server.getURI();
        String roles = "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1";
        String shortRoles = "GET /api/" + ApiFixture.SHORT_GUILD + "/roles HTTP/1.1";
        String leaderboard = "GET /api/" + ApiFixture.GUILD + "/leaderboard HTTP/1.1";
        String presence = "POST /api/is_bot_there HTTP/1.1";
        byte[][] requests = {
            request(base, roles, List.of(KEY), null),
            request(base, leaderboard, List.of(KEY), null),
            request(base, shortRoles, List.of(KEY), null),
            request(base, presence, List.of(KEY, JSON), "{\"guild_ids\":[\"12\",\"5\"]}"),
            request(base, roles, List.of("X-API-Key: wrong"), null),
            request(base, shortRoles, List.of(KEY), null),
        };
        String rolesBody = send(roles, List.of(KEY), null).response().bodyText();
        String shortBody = send(shortRoles, List.of(KEY), null).response().bodyText();
        String leaderboardBody =
                send(leaderboard, List.of(KEY), null).response().bodyText();

        List<String> bodies = new ArrayList<>();
        try (Socket socket = connect(base)) {
            OutputStream out = socket.getOutputStream();
            for (byte[] request : requests) {
                out.write(request);
            }
            out.flush();
            for (int i = 0; i < requests.length; i++) {
                bodies.add(RawHttp.read(socket).bodyText());
            }
        }

        assertThat(bodies)
                .containsExactly(
                        rolesBody,
                        leaderboardBody,
                        shortBody,
                        "{\"results\":[true,false]}",
                        "{\"success\":false,\"message\":\"" + ApiKeyFilter.MESSAGE + "\"}",
                        shortBody);
    }

    @Test
    void aBodyThatComesInPieces_isAnsweredWhenItIsWhole() throws Exception {
        URI base = server.getURI();
        byte[] whole = request(
                base, "POST /api/is_bot_there HTTP/1.1", List.of(KEY, JSON), "{\"guild_ids\":[\"12\",\"123\",\"7\"]}");
        long before = direct.answeredHere();
        try (Socket socket = connect(base)) {
            OutputStream out = socket.getOutputStream();
            int[] cuts = {10, whole.length - 20, whole.length - 3, whole.length};
            int from = 0;
            for (int cut : cuts) {
                out.write(whole, from, cut - from);
                out.flush();
                from = cut;
                Thread.sleep(100);
            }
            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyText()).isEqualTo("{\"results\":[true,true,false]}");
        }
        assertThat(direct.answeredHere()).isEqualTo(before + 1);
    }

    @Test
    void aBodyMicronautWouldCompress_isMicronauts() throws IOException {
        EmbeddedServer compressing = InMemoryServer.start(
                new InMemoryLevelStore(),
                new InMemorySettingsStore(),
                new InMemoryBetaStore(),
                Map.of("micronaut.server.netty.compression-threshold", 10));
        try {
            DirectAnswers itsOwn = compressing.getApplicationContext().getBean(DirectAnswers.class);
            String line = "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1";
            long before = itsOwn.answeredHere();
            try (Socket socket = connect(compressing.getURI())) {
                socket.getOutputStream()
                        .write(request(compressing.getURI(), line, List.of(KEY, "Accept-Encoding: gzip"), null));
                RawHttp.Response gzipped = RawHttp.read(socket);
                assertThat(gzipped.headers()).containsEntry("content-encoding", "gzip");
                assertThat(itsOwn.answeredHere()).isEqualTo(before);

                socket.getOutputStream().write(request(compressing.getURI(), line, List.of(KEY), null));
                assertThat(RawHttp.read(socket).headers()).doesNotContainKey("content-encoding");
                assertThat(itsOwn.answeredHere()).isEqualTo(before + 1);
            }
        } finally {
            compressing.getApplicationContext().close();
        }
    }
}
