package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Compressed answers come in gzip, deflate or not at all, whatever a client accepts: {@code *} is gzip, and a
 * coding no client can be expected to read (snappy, which Micronaut alone picks for {@code *}) is never used.
 */
class RegisteredContentCodingsTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String LEADERBOARD = "/api/" + ApiFixture.GUILD + "/leaderboard";
    private static EmbeddedServer server;
    private static byte[] plain;

    @BeforeAll
    static void start() throws Exception {
        server = start(Map.of());
        plain = get(server, LEADERBOARD, null).body();
    }

    private static EmbeddedServer start(Map<String, Object> settings) {
        InMemoryLevelStore levels = new InMemoryLevelStore();
        for (int i = 1; i <= 2_000; i++) {
            levels.put(new LevelRecord(
                    ApiFixture.GUILD + ":" + (400_000_000_000_000_000L + i),
                    U64.ofNonNegative(i * 10L),
                    U64.ofNonNegative(i % 50)));
        }
        return InMemoryServer.start(levels, new InMemorySettingsStore(), new InMemoryBetaStore(), settings);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    private static HttpResponse<byte[]> get(EmbeddedServer server, String path, String acceptEncoding)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getPort() + path))
                .header("X-API-Key", ApiFixture.API_KEY);
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @ParameterizedTest(name = "Accept-Encoding: {0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "*                       | gzip",
                "gzip                    | gzip",
                "GZIP                    | gzip",
                "deflate                 | deflate",
                "gzip;q=0.5, deflate     | deflate",
                "deflate;q=0.5, *        | gzip",
                "gzip;q=0, *             | deflate",
                "br, zstd, *;q=0.1       | gzip",
                "snappy                  | ''",
                "br, zstd                | ''",
                "*;q=0                   | ''",
                "identity                | ''",
                "gzip;q=oops             | ''"
            })
    void theLeaderboard_isInTheCodingTheClientPrefers_ofGzipAndDeflate(String acceptEncoding, String expected)
            throws Exception {
        HttpResponse<byte[]> response = get(server, LEADERBOARD, acceptEncoding);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Encoding").orElse("")).isEqualTo(expected);
        assertThat(decoded(expected, response.body())).isEqualTo(plain);
    }

    @Test
    void micronautAlone_answersAnyCodingWithSnappy() throws Exception {
        EmbeddedServer alone = start(Map.of(MicronautCompressionAlone.SETTING, "true"));
        try {
            assertThat(get(alone, LEADERBOARD, "*").headers().firstValue("Content-Encoding"))
                    .contains("snappy");
        } finally {
            alone.getApplicationContext().close();
        }
    }

    @Test
    void chosen_followsTheQValues() {
        assertThat(RegisteredContentCodings.chosen(List.of("deflate;q=0.9", "gzip;q=0.8")))
                .isEqualTo("deflate");
        assertThat(RegisteredContentCodings.chosen(List.of("x-gzip"))).isEqualTo("gzip");
        assertThat(RegisteredContentCodings.chosen(List.of("gzip ; q=1.0"))).isEqualTo("gzip");
        assertThat(RegisteredContentCodings.chosen(List.of("gzip;q=0", "deflate;q=0", "*")))
                .isNull();
        assertThat(RegisteredContentCodings.chosen(List.of(""))).isNull();
    }

    private static byte[] decoded(String coding, byte[] body) throws IOException {
        InputStream in =
                switch (coding) {
                    case "gzip" -> new GZIPInputStream(new ByteArrayInputStream(body));
                    case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(body));
                    default -> new ByteArrayInputStream(body);
                };
        try (in) {
            return in.readAllBytes();
        }
    }
}
