package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import io.micronaut.runtime.server.EmbeddedServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** One access line per request, whoever answered it, unless {@code bot.access-log} ({@code ACCESS_LOG}) is off. */
class AccessLogTest {

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger access = (Logger) LoggerFactory.getLogger(AccessLog.LOGGER);

    @BeforeEach
    void listen() {
        lines.start();
        access.addAppender(lines);
        access.setAdditive(false);
        access.setLevel(Level.INFO); // the tests' log shows warnings alone
    }

    @AfterEach
    void stopListening() {
        access.detachAppender(lines);
        access.setAdditive(true);
        access.setLevel(null);
    }

    private static EmbeddedServer server(boolean accessLog) {
        return InMemoryServer.start(
                new InMemoryLevelStore(),
                new InMemorySettingsStore(),
                new InMemoryBetaStore(),
                Map.of("bot.access-log", accessLog));
    }

    /** Roles (answered before Micronaut's routing), a leaderboard (Micronaut's), a 401; their request ids. */
    private static List<String> threeRequests(EmbeddedServer server) {
        ApiClient api = new ApiClient(server.getURI(), ApiFixture.API_KEY);
        return List.of(
                api.get("/api/" + ApiFixture.GUILD + "/roles")
                        .headers()
                        .firstValue("X-Request-Id")
                        .orElseThrow(),
                api.get("/api/" + ApiFixture.GUILD + "/leaderboard")
                        .headers()
                        .firstValue("X-Request-Id")
                        .orElseThrow(),
                api.send(api.anonymous("/api/" + ApiFixture.GUILD + "/roles").GET())
                        .headers()
                        .firstValue("X-Request-Id")
                        .orElseThrow());
    }

    @Test
    void on_eachRequestGetsOneLine_withItsRouteStatusAndId() throws Exception {
        EmbeddedServer server = server(true);
        ServerConnections connections = ServerConnections.of(server);
        try {
            List<String> ids = threeRequests(server);
            // Each line is written once its response's last byte has gone to the connection, a moment after the
            // client may have read it, on the connection's event loop.
            connections.settle();

            assertThat(lines.list)
                    .extracting(ILoggingEvent::getFormattedMessage)
                    .satisfiesExactlyInAnyOrder(
                            line -> assertThat(line)
                                    .startsWith("GET /api/{guild_id}/roles 200 ")
                                    .endsWith("request_id=" + ids.get(0)),
                            line -> assertThat(line)
                                    .startsWith("GET /api/{guild_id}/leaderboard 200 ")
                                    .endsWith("request_id=" + ids.get(1)),
                            line -> assertThat(line)
                                    .startsWith("GET /api/{guild_id}/roles 401 ")
                                    .endsWith("request_id=" + ids.get(2)));
        } finally {
            server.getApplicationContext().close();
        }
    }

    @Test
    void off_noLineIsWritten_butEveryResponseStillHasItsRequestId() throws Exception {
        EmbeddedServer server = server(false);
        ServerConnections connections = ServerConnections.of(server);
        try {
            List<String> ids = threeRequests(server);
            connections.settle(); // a line that was coming has been written now, as in the test above

            assertThat(ids).allSatisfy(id -> assertThat(id).matches("[0-9a-f-]{36}"));
            assertThat(lines.list).isEmpty();
        } finally {
            server.getApplicationContext().close();
        }
    }
}
