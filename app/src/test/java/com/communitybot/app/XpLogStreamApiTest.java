package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static com.communitybot.http.testing.ApiFixture.GUILD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.communitybot.core.testing.Await;
import com.communitybot.core.usecase.XpLogStreams;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiClient.Reply;
import com.communitybot.persistence.testing.StoreBackend;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Ledger L4 through the real interface: a plain HTTP client reads {@code /api/{guild}/xp_log/stream} while the API
 * and the bot (plain JDBC) write, on H2 and on PostgreSQL; it resumes with {@code Last-Event-ID}, is refused past
 * {@code MAX_STREAMS}, and sees the stream end cleanly when the service stops.
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class XpLogStreamApiTest {

    private static final String STREAM = "/api/" + GUILD + "/xp_log/stream";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Parameter
    StoreBackend backend;

    /** The service most tests share; a test that stops it or needs other settings starts its own. */
    private static RunningService shared;

    private RunningService service;
    private boolean own;
    private ApiClient api;
    private final List<Sse> open = new ArrayList<>();

    @BeforeParameterizedClassInvocation
    static void startTheSharedService(StoreBackend backend) {
        shared = new RunningService(backend.freshDatabase("xp_stream"), Map.of("MAX_STREAMS", "3"));
    }

    @AfterParameterizedClassInvocation
    static void stopTheSharedService() {
        shared.close();
    }

    @BeforeEach
    void useTheSharedService() {
        service = shared;
        api = new ApiClient(service.baseUrl(), API_KEY);
        XpLogStreams streams = service.bean(XpLogStreams.class);
        Await.until("the streams of the test before closed", WAIT, () -> streams.open() == 0);
    }

    /** A service of the test's own, with {@code environment}, stopped after it. */
    private void startOwnService(Map<String, String> environment) {
        own = true;
        service = new RunningService(backend.freshDatabase("xp_stream_own"), environment);
        api = new ApiClient(service.baseUrl(), API_KEY);
    }

    @AfterEach
    void stop() {
        open.forEach(Sse::close);
        if (own && service != null) {
            service.close();
        }
    }

    private Sse stream(RunningService on, String lastEventId) throws Exception {
        Sse stream = new Sse(URI.create(on.baseUrl() + STREAM), API_KEY, lastEventId);
        open.add(stream);
        return stream;
    }

    private static String idOf(String block) {
        return block.lines()
                .filter(l -> l.startsWith("id: "))
                .findFirst()
                .orElseThrow()
                .substring(4);
    }

    private static JsonNode dataOf(String block) throws IOException {
        return JSON.readTree(block.lines()
                .filter(l -> l.startsWith("data: "))
                .findFirst()
                .orElseThrow()
                .substring(6));
    }

    private void patch(int user, int xp) {
        Reply reply = api.patch(
                "/api/" + GUILD + "/levels/" + user, "{\"xp_delta\":" + xp + ",\"reason\":\"r" + user + "\"}");
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
    }

    private void botWrites(String user, long xp) throws Exception {
        try (Connection bot = service.botConnection();
                PreparedStatement upsert = bot.prepareStatement(service.botUpsert())) {
            upsert.setString(1, GUILD + ":" + user);
            upsert.setLong(2, xp);
            upsert.setLong(3, 0);
            upsert.executeUpdate();
        }
    }

    @Test
    void aStream_givesTheApisAndTheBotsWrites_asTheyCommit_eachWithItsIdAndJson() throws Exception {
        patch(101, 5); // before the stream: not in it
        Sse stream = stream(service, null);
        assertThat(stream.response.statusCode()).isEqualTo(200);
        assertThat(stream.response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
        assertThat(stream.next()).as("the first word").isEqualTo(": keep-alive");

        patch(102, 7);
        botWrites("103", 9);

        String first = stream.nextEvent();
        assertThat(first).startsWith("id: ").contains("\nevent: xp\ndata: {");
        JsonNode api = dataOf(first);
        assertThat(api.get("event_id").asText()).isEqualTo(idOf(first));
        assertThat(api.get("user_id").asText()).isEqualTo("102");
        assertThat(api.get("source").asText()).isEqualTo("api");
        assertThat(api.get("reason").asText()).isEqualTo("r102");
        assertThat(api.get("xp_after").asText()).isEqualTo("7");
        JsonNode bot = dataOf(stream.nextEvent());
        assertThat(bot.get("user_id").asText()).isEqualTo("103");
        assertThat(bot.get("source").asText()).isEqualTo("store");
        assertThat(Long.parseLong(bot.get("event_id").asText()))
                .isGreaterThan(Long.parseLong(api.get("event_id").asText()));
    }

    @Test
    void resumingAfterAnEvent_givesEveryLaterEventOnce_andNoEarlierOne() throws Exception {
        Sse first = stream(service, null);
        first.next();
        patch(201, 1);
        String seen = idOf(first.nextEvent());
        first.close();
        patch(202, 2);
        patch(203, 3);

        Sse resumed = stream(service, seen);
        assertThat(resumed.next()).isEqualTo(": keep-alive");
        assertThat(dataOf(resumed.nextEvent()).get("user_id").asText()).isEqualTo("202");
        assertThat(dataOf(resumed.nextEvent()).get("user_id").asText()).isEqualTo("203");
        patch(204, 4);
        assertThat(dataOf(resumed.nextEvent()).get("user_id").asText()).isEqualTo("204");
        assertThat(resumed.blocks).allSatisfy(block -> assertThat(block).isEqualTo(": keep-alive"));
    }

    @Test
    void anIdNotInTheLog_startsWithAReset_thenTheStreamFromNow() throws Exception {
        patch(301, 1);
        Sse stream = stream(service, "999999999");
        String reset = stream.next();
        assertThat(reset).contains("event: reset").contains("data: {\"message\":");
        patch(302, 2);
        assertThat(dataOf(stream.nextEvent()).get("user_id").asText()).isEqualTo("302");
    }

    @Test
    void oneMoreStreamThanMaxStreams_gets503_andAClosedOneFreesItsPlace() throws Exception {
        List<Sse> three = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Sse stream = stream(service, null);
            stream.next();
            three.add(stream);
        }
        Reply refused = api.get(STREAM);
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.body()).isEqualTo("{\"success\":false,\"message\":\"Too many streams\"}");

        three.get(0).close();
        Await.until("a place freed by the closed stream", WAIT, () -> {
            Sse again = null;
            try {
                again = stream(service, null);
                return again.response.statusCode() == 200;
            } finally {
                if (again != null && again.response.statusCode() != 200) {
                    again.close();
                }
            }
        });
    }

    /** With the default MAX_STREAMS, 1,000 streams open and the 1,001st gets 503 (the limit is the service's). */
    @Test
    void withTheDefaultLimit_the1001stStreamGets503() throws Exception {
        assumeTrue(backend == StoreBackend.H2, "the limit is the service's, whatever the store");
        startOwnService(Map.of());
        XpLogStreams streams = service.bean(XpLogStreams.class);
        byte[] request = ("GET " + STREAM + " HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                        + "\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        List<Socket> readers = new ArrayList<>();
        try {
            for (int i = 0; i < 1000; i++) {
                Socket reader = new Socket("127.0.0.1", service.baseUrl().getPort());
                readers.add(reader);
                reader.getOutputStream().write(request);
            }
            Await.until("1,000 streams open", WAIT, () -> streams.open() == 1000);

            Reply refused = api.get(STREAM);
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.body()).isEqualTo("{\"success\":false,\"message\":\"Too many streams\"}");
            assertThat(streams.open()).isEqualTo(1000);
        } finally {
            for (Socket reader : readers) {
                reader.close();
            }
        }
    }

    @Test
    void aBadLastEventId_is400_beforeTheBotPresenceCheck() {
        Reply bad = api.get("/api/1/xp_log/stream?last_event_id=x1");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body()).isEqualTo("{\"success\":false,\"message\":\"Invalid Last-Event-ID\"}");
        Reply absent = api.get("/api/1/xp_log/stream");
        assertThat(absent.status()).isEqualTo(404);
    }

    @Test
    void whenTheServiceStops_theStreamEndsCleanly() throws Exception {
        startOwnService(Map.of());
        Sse stream = stream(service, null);
        stream.next();
        RunningService stopping = service;
        service = null;
        Thread stopper = new Thread(stopping::close);
        stopper.start();
        String last = stream.next();
        while (last.equals(": keep-alive")) {
            last = stream.next();
        }
        assertThat(last).as("the body's end, the chunked terminator read").isEqualTo("END");
        stopper.join(WAIT.toMillis());
    }

    /**
     * On PostgreSQL every instance follows the log in the store: a stream on one instance gets what the other
     * instance and the bot commit, and after that instance is gone its reader resumes on the other with {@code
     * Last-Event-ID}, missing nothing and getting nothing twice.
     */
    @Test
    void onPostgres_aStreamGetsEveryInstancesAndTheBotsEvents_andResumesOnAnotherInstance() throws Exception {
        assumeTrue(backend == StoreBackend.POSTGRES, "H2 is one process: one instance");
        RunningService other = RunningService.onTheDatabaseOf(service);
        try {
            Sse onOther = stream(other, null);
            onOther.next();
            patch(401, 1);
            botWrites("402", 2);
            assertThat(dataOf(onOther.nextEvent()).get("user_id").asText()).isEqualTo("401");
            String seen = onOther.nextEvent();
            assertThat(dataOf(seen).get("user_id").asText()).isEqualTo("402");

            other.close();
            other = null;
            patch(403, 3);
            Sse resumed = stream(service, idOf(seen));
            assertThat(resumed.next()).isEqualTo(": keep-alive");
            assertThat(dataOf(resumed.nextEvent()).get("user_id").asText()).isEqualTo("403");
        } finally {
            if (other != null) {
                other.close();
            }
        }
    }

    /**
     * A client that asks for the stream and reads nothing is given no more than its stream's room, however much
     * is written, and is cut once its connection has carried nothing for IDLE_TIMEOUT: its place is freed. In the
     * verify tier: it starts a service of its own and waits out the timeout.
     */
    @Test
    @Tag("verify")
    void aReaderThatReadsNothing_isCut_andItsPlaceFreed() throws Exception {
        startOwnService(Map.of("IDLE_TIMEOUT", "2s"));
        XpLogStreams streams = service.bean(XpLogStreams.class);
        try (Socket silent = new Socket("127.0.0.1", service.baseUrl().getPort())) {
            silent.setReceiveBufferSize(4096);
            silent.getOutputStream()
                    .write(("GET " + STREAM + " HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                                    + "\r\nAccept: text/event-stream\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            Await.until("the silent stream open", WAIT, () -> streams.open() == 1);
            try (Connection bot = service.botConnection();
                    PreparedStatement upsert = bot.prepareStatement(service.botUpsert())) {
                bot.setAutoCommit(false);
                for (int i = 0; i < 3000; i++) {
                    upsert.setString(1, GUILD + ":" + (1000 + i));
                    upsert.setLong(2, i);
                    upsert.setLong(3, 0);
                    upsert.addBatch();
                }
                upsert.executeBatch();
                bot.commit();
            }
            Await.until("the silent reader cut, its stream closed", WAIT, () -> streams.open() == 0);
        }
    }
}
