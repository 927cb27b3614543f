package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exact answers to unreadable requests (bodies, path variables, content types) stay what they were when
 * bodies were read by hand: {@code request-errors.tsv} holds each request with the bytes it got then. The
 * API contract only asks these for a 400 with some message; this pins the message too.
 */
class RequestErrorsTest {

    private static EmbeddedServer server;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
        api = new ApiClient(server.getURI(), ApiFixture.API_KEY);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    static Stream<Arguments> requests() throws IOException {
        try (InputStream in = RequestErrorsTest.class.getResourceAsStream("/request-errors.tsv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .filter(line -> !line.startsWith("#"))
                            .map(line -> line.split("\t", -1))
                            .map(column -> Arguments.of(
                                    column[0], column[1], column[2], column[3], Integer.parseInt(column[4]), column[5]))
                            .toList()
                            .stream();
        }
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @MethodSource("requests")
    void answersAsBefore(String method, String path, String contentType, String body, int status, String response) {
        HttpRequest.Builder request = api.request(path)
                .method(method, body.equals("-") ? HttpRequest.BodyPublishers.noBody() : ApiClient.body(body));
        if (!contentType.equals("-")) {
            request.header("Content-Type", contentType);
        }

        ApiClient.Reply reply = api.send(request);

        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.body()).isEqualTo(response);
    }
}
