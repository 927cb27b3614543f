package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A leaderboard whose store fails after the response has begun (status 200 and the first chunks are on the
 * wire): the client must be able to tell the body is cut short, so the server ends the connection without
 * the terminating chunk; the failure is logged once with its cause; and the server goes on serving.
 */
class LeaderboardFailureMidBodyTest {

    /** Whose leaderboard fails after {@link #FAIL_AFTER} of its {@link #RECORDS} records. */
    private static final GuildId FAILS_MID_BODY = new GuildId(Long.parseUnsignedLong(ApiFixture.GUILD));
    /** Whose leaderboard fails before its first record, at the query. */
    private static final GuildId FAILS_AT_QUERY = new GuildId(Long.parseUnsignedLong(ApiFixture.SHORT_GUILD));

    private static final int RECORDS = 5_000;
    /** About 110 bytes a record: some 320 KB, several of the writer's chunks before the failure. */
    private static final int FAIL_AFTER = 3_000;

    private static final String FAILURE_MESSAGE = "simulated: the store went away mid-read";

    private static EmbeddedServer server;
    private static ApiClient api;

    private final ListAppender<ILoggingEvent> log = new ListAppender<>();

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(new BreakingLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
        api = new ApiClient(server.getURI(), ApiFixture.API_KEY);
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    @BeforeEach
    void recordTheLog() {
        log.start();
        rootLogger().addAppender(log);
    }

    @AfterEach
    void stopRecordingTheLog() {
        rootLogger().detachAppender(log);
        log.stop();
    }

    @Test
    void aStoreFailingAfterTheFirstChunks_cutsTheChunkedBodyShort_withoutTheTerminatingChunk() throws IOException {
        RawHttp.Response response = leaderboardOverARawSocket(FAILS_MID_BODY);

        assertThat(response.statusLine()).startsWith("HTTP/1.1 200");
        assertThat(response.chunked())
                .as("Transfer-Encoding: chunked, headers %s", response.headers())
                .isTrue();
        assertThat(response.end())
                .as("the server must close the connection instead of sending the terminating chunk 0\\r\\n\\r\\n")
                .isEqualTo(RawHttp.End.CLOSED_BY_SERVER);
        assertThat(response.body().length)
                .as("bytes of body before the cut")
                .isGreaterThan(LeaderboardJson.CHUNK_BYTES);
        String body = response.bodyText();
        assertThat(body).startsWith("[{\"user_id\":").doesNotEndWith("]");
        assertThat(body).as("records sent before the cut").doesNotContain("\"rank\":" + (FAIL_AFTER + 1) + "}");
    }

    @Test
    void aStoreFailingMidBody_isLoggedExactlyOnce_withItsCause() throws Exception {
        BreakingLevelStore store = new BreakingLevelStore();
        EmbeddedServer own = InMemoryServer.start(store, new InMemorySettingsStore(), new InMemoryBetaStore());
        ServerConnections connections = ServerConnections.of(own);
        List<ILoggingEvent> withTheFailure;
        try {
            leaderboardOverARawSocket(own, FAILS_MID_BODY);
            // The body lets go of the store's read once the failure has gone through it, on the blocking pool;
            // what the connection still had to do with it (the report, the close) is done once its loop settles.
            assertThat(store.midBodyReadClosed.await(10, TimeUnit.SECONDS))
                    .as("the failed read closed")
                    .isTrue();
            connections.settle();
            withTheFailure = matching();
        } finally {
            own.getApplicationContext().close();
        }

        assertThat(withTheFailure)
                .as("log events carrying the StoreException, as \"LEVEL logger: message\"")
                .extracting(e -> e.getLevel() + " " + e.getLoggerName() + ": " + e.getFormattedMessage())
                .hasSize(1);
    }

    @Test
    void afterABodyCutShort_theServerAnswersTheNextRequest() throws IOException {
        leaderboardOverARawSocket(FAILS_MID_BODY);

        ApiClient.Reply roles = api.get("/api/" + ApiFixture.GUILD + "/roles");

        assertThat(roles.status()).as(roles.body()).isEqualTo(200);
        assertThat(roles.json().size())
                .isEqualTo(ApiFixture.GUILDS.get(0).roles().size());
    }

    @Test
    void aStoreFailingBeforeTheFirstRecord_gives500DatabaseQueryFailed() {
        ApiClient.Reply reply = api.get("/api/" + FAILS_AT_QUERY + "/leaderboard");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.contentType()).startsWith("application/json");
        assertThat(reply.body()).isEqualTo("{\"success\":false,\"message\":\"Database query failed\"}");
    }

    private static RawHttp.Response leaderboardOverARawSocket(GuildId guild) throws IOException {
        return leaderboardOverARawSocket(server, guild);
    }

    private static RawHttp.Response leaderboardOverARawSocket(EmbeddedServer server, GuildId guild) throws IOException {
        try (Socket socket = RawHttp.get(server.getURI(), "/api/" + guild + "/leaderboard", ApiFixture.API_KEY)) {
            return RawHttp.read(socket);
        }
    }

    /** The events logged so far with the store's failure somewhere in their cause chain. */
    private List<ILoggingEvent> matching() {
        synchronized (log) {
            return List.copyOf(log.list).stream()
                    .filter(LeaderboardFailureMidBodyTest::carriesTheStoreFailure)
                    .toList();
        }
    }

    private static boolean carriesTheStoreFailure(ILoggingEvent event) {
        for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            boolean storeException = t instanceof ThrowableProxy proxy
                    ? proxy.getThrowable() instanceof StoreException
                    : t.getClassName().equals(StoreException.class.getName());
            if (storeException && FAILURE_MESSAGE.equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    private static Logger rootLogger() {
        return (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    }

    /**
     * A level store whose reads fail: {@link #FAILS_MID_BODY}'s after {@link #FAIL_AFTER} records, in the
     * stream, as a connection lost mid-read does; {@link #FAILS_AT_QUERY}'s at once; other guilds are empty.
     */
    static final class BreakingLevelStore implements LevelStore {

        /** Counted down when a read of {@link #FAILS_MID_BODY} is closed. */
        final CountDownLatch midBodyReadClosed = new CountDownLatch(1);

        @Override
        public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
            if (guild.equals(FAILS_AT_QUERY)) {
                throw failure();
            }
            if (!guild.equals(FAILS_MID_BODY)) {
                return Stream.empty();
            }
            return IntStream.range(0, RECORDS)
                    .mapToObj(i -> {
                        if (i == FAIL_AFTER) {
                            throw failure();
                        }
                        // Level descending: the order the port promises.
                        return new LevelRecord(
                                guild + ":" + (400_000_000_000_000_000L + i),
                                U64.ofNonNegative(1_000L * (RECORDS - i)),
                                U64.ofNonNegative(RECORDS - i));
                    })
                    .onClose(midBodyReadClosed::countDown);
        }

        private static StoreException failure() {
            return new StoreException(FAILURE_MESSAGE, new IOException("connection reset by peer"));
        }
    }
}
