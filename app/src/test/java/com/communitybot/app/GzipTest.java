package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.persistence.testing.StoreBackend;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Compressed responses through real HTTP: a client that asks with {@code Accept-Encoding: gzip} gets the
 * leaderboard gzipped, still streamed in chunks, and it unpacks to exactly the bytes a client that does not
 * ask gets; small bodies and clients that do not ask are answered as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GzipTest {

    /** Members of the guild: a leaderboard of some 350 KB, several of the writer's chunks. */
    private static final int MEMBERS = 3_000;

    private final HttpClient http = HttpClient.newHttpClient();
    private RunningService service;

    @BeforeAll
    void start() {
        service = new RunningService(StoreBackend.H2.freshDatabase("gzip"), Map.of());
        service.insertLevels(IntStream.range(0, MEMBERS)
                .mapToObj(i -> new LevelRecord(
                        GUILD + ":" + (300_000_000_000_000_000L + i),
                        U64.ofNonNegative(1000L * i),
                        U64.ofNonNegative(i % 100)))
                .toList());
    }

    @AfterAll
    void stop() {
        service.close();
    }

    private HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(service.baseUrl() + path)).header("X-API-Key", API_KEY);
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }

    @Test
    void leaderboard_askedForGzip_isGzippedAndStreamed_andUnpacksToThePlainBytes() throws Exception {
        HttpResponse<byte[]> plain = get("/api/" + GUILD + "/leaderboard", null);
        HttpResponse<byte[]> gzipped = get("/api/" + GUILD + "/leaderboard", "gzip");

        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.body().length).isGreaterThan(MEMBERS * 100);
        assertThat(gzipped.statusCode()).isEqualTo(200);
        assertThat(gzipped.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(gzipped.headers().firstValue("Content-Length")).isEmpty(); // chunked: streamed, not buffered
        assertThat(gzipped.headers().firstValue("Content-Type")).contains("application/json");
        assertThat(gzipped.body().length).isLessThan(plain.body().length / 5);
        assertThat(gunzip(gzipped.body())).isEqualTo(plain.body());
    }

    @Test
    void otherEncodingsOrNone_getTheIdenticalUncompressedBody() throws Exception {
        byte[] plain = get("/api/" + GUILD + "/leaderboard", null).body();

        HttpResponse<byte[]> identity = get("/api/" + GUILD + "/leaderboard", "identity");
        assertThat(identity.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(identity.body()).isEqualTo(plain);
    }

    @Test
    void smallBodies_stayAsTheyAre() throws Exception {
        HttpResponse<byte[]> roles = get("/api/" + GUILD + "/roles", "gzip");
        HttpResponse<byte[]> plainRoles = get("/api/" + GUILD + "/roles", null);

        assertThat(roles.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(roles.body()).isEqualTo(plainRoles.body());
    }
}
