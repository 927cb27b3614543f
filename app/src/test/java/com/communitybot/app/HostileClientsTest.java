package com.communitybot.app;

import static com.communitybot.http.testing.ApiFixture.API_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.RawHttp;
import com.communitybot.persistence.testing.StoreBackend;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Clients that break the rules of HTTP or only bend them, against the service as {@code serve} runs it, over
 * bare sockets: headers and request lines over the limits, {@code Expect: 100-continue} with a body over
 * {@code MAX_REQUEST_SIZE}, pipelined requests, HTTP/1.0, slowloris clients ({@code READ_TIMEOUT}) and
 * connections that stay open and say nothing ({@code IDLE_TIMEOUT}). None may hang the service, get a 500, or
 * keep the API from answering others.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HostileClientsTest {

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(3);
    /**
     * Far above an API call's time, even on a machine loaded by parallel builds (where calls of over 5 s were
     * seen): only a service kept from answering exceeds it.
     */
    private static final Duration SLOW_CALL = Duration.ofSeconds(10);

    private static final String PRESENCE = "{\"guild_ids\":[\"1\"]}";

    private RunningService service;
    private ApiClient api;

    @BeforeAll
    void start() {
        service = new RunningService(
                StoreBackend.H2.freshDatabase("hostile"),
                Map.of(
                        "MAX_REQUEST_SIZE", "1KB",
                        "READ_TIMEOUT", "2s",
                        "IDLE_TIMEOUT", "3s"));
        api = new ApiClient(service.baseUrl(), API_KEY);
    }

    @AfterAll
    void stop() {
        service.close();
    }

    @Test
    void headersOf64KB_are431WithTheErrorBody_andTheConnectionIsClosed() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY + "\r\nX-Padding: "
                            + "a".repeat(64 * 1024) + "\r\n\r\n");

            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.status()).isEqualTo(431);
            assertThat(response.headers()).containsEntry("content-type", "application/json");
            assertThat(response.bodyText())
                    .isEqualTo("{\"success\":false,\"message\":\"Request headers are too large\"}");
            assertThat(socket.getInputStream().read())
                    .as("the connection after the 431")
                    .isEqualTo(-1);
        }
        assertThat(api.get("/api/beta_testing").status()).isEqualTo(200);
    }

    @Test
    void headersWithinTheDefaultLimit_areServed() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY + "\r\nX-Padding: "
                            + "a".repeat(7 * 1024) + "\r\nConnection: close\r\n\r\n");

            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
        }
    }

    @Test
    void aRequestLineOf64KB_is414WithTheErrorBody() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "GET /api/" + "1".repeat(64 * 1024) + "/roles HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                            + "\r\n\r\n");

            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.status()).isEqualTo(414);
            assertThat(response.bodyText()).isEqualTo("{\"success\":false,\"message\":\"Request line is too long\"}");
        }
    }

    @Test
    void expect100ContinueWithABodyOverTheLimit_is413WithoutA100_andTheConnectionIsClosed() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "POST /api/is_bot_there HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                            + "\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\nExpect: 100-continue\r\n\r\n");

            Received received = readUntilClosed(socket);

            assertThat(received.text())
                    .as("everything the server sent before any byte of the body")
                    .startsWith("HTTP/1.1 413 ")
                    .doesNotContain("100 Continue")
                    .endsWith("\r\n\r\n{\"success\":false,\"message\":\"Request body is too large\"}");
            assertThat(received.closed())
                    .as("the connection closed after the 413")
                    .isTrue();
        }
    }

    @Test
    void expect100ContinueWithoutTheKey_is401WithoutA100() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "POST /api/is_bot_there HTTP/1.1\r\nHost: x\r\nX-API-Key: wrong"
                            + "\r\nContent-Type: application/json\r\nContent-Length: 20000000\r\nExpect: 100-continue\r\n\r\n");

            assertThat(RawHttp.read(socket).status()).isEqualTo(401);
        }
    }

    @Test
    void expect100ContinueWithinTheLimit_gets100_thenTheAnswer() throws IOException {
        try (Socket socket = connect()) {
            send(
                    socket,
                    "POST /api/is_bot_there HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                            + "\r\nContent-Type: application/json\r\nContent-Length: " + PRESENCE.length()
                            + "\r\nExpect: 100-continue\r\n\r\n");

            assertThat(line(socket.getInputStream())).isEqualTo("HTTP/1.1 100 Continue");
            assertThat(line(socket.getInputStream())).isEmpty();
            send(socket, PRESENCE);
            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.bodyText()).isEqualTo("{\"results\":[false]}");
        }
    }

    @Test
    void pipelinedRequests_areAnsweredInOrder() throws IOException {
        try (Socket socket = connect()) {
            String get = "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY + "\r\n\r\n";
            String post = "POST /api/is_bot_there HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + PRESENCE.length() + "\r\n\r\n"
                    + PRESENCE;
            String unauthenticated = "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\n\r\n";
            send(
                    socket,
                    get + post + unauthenticated + get + post.replace("\r\n\r\n{", "\r\nConnection: close\r\n\r\n{"));

            List<String> answers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                RawHttp.Response response = RawHttp.read(socket);
                answers.add(response.status() + " " + response.bodyText());
            }

            assertThat(answers)
                    .containsExactly(
                            "200 []",
                            "200 {\"results\":[false]}",
                            "401 {\"success\":false,\"message\":\"Missing or invalid API key\"}",
                            "200 []",
                            "200 {\"results\":[false]}");
            assertThat(socket.getInputStream().read())
                    .as("after Connection: close")
                    .isEqualTo(-1);
        }
    }

    @Test
    void http10_isAnsweredInHttp10WithALength_andTheConnectionClosed() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /api/beta_testing HTTP/1.0\r\nX-API-Key: " + API_KEY + "\r\n\r\n");

            RawHttp.Response response = RawHttp.read(socket);

            assertThat(response.statusLine()).isEqualTo("HTTP/1.0 200 OK");
            assertThat(response.end()).isEqualTo(RawHttp.End.LENGTH_READ);
            assertThat(response.bodyText()).isEqualTo("[]");
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void http10WithoutTheKey_is401() throws IOException {
        try (Socket socket = connect()) {
            send(socket, "GET /api/beta_testing HTTP/1.0\r\n\r\n");

            assertThat(RawHttp.read(socket).status()).isEqualTo(401);
        }
    }

    @Tag("verify")
    @Test
    void slowlorisClients_areClosedAfterTheReadTimeout_whileTheApiAnswersOthers() throws Exception {
        String head = "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY + "\r\nX-Slow: "
                + "a".repeat(200) + "\r\n\r\n";
        String slowBody = "POST /api/is_bot_there HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + PRESENCE.length() + "\r\n\r\n" + PRESENCE;
        List<Slowloris> clients = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            clients.add(new Slowloris(connect(), i % 2 == 0 ? head : slowBody, i % 2 == 0 ? 0 : slowBody.indexOf('{')));
        }
        long started = System.nanoTime();
        try {
            // A byte from each every 250 ms: far more often than the idle timeout, never a whole request.
            while (clients.stream().anyMatch(Slowloris::open)
                    && System.nanoTime() - started
                            < READ_TIMEOUT.multipliedBy(4).toNanos()) {
                for (Slowloris client : clients) {
                    client.sendAByte();
                }
                long before = System.nanoTime();
                assertThat(api.get("/api/beta_testing").status()).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - before))
                        .as("an API call beside the slowloris clients")
                        .isLessThan(SLOW_CALL);
                Thread.sleep(250);
            }

            assertThat(clients)
                    .as(
                            "slowloris clients still connected %s after they began, with a read timeout of %s",
                            Duration.ofNanos(System.nanoTime() - started), READ_TIMEOUT)
                    .noneMatch(Slowloris::open);
            assertThat(clients)
                    .as("bytes sent before the server closed each (a whole request is over 200)")
                    .allSatisfy(client -> assertThat(client.sent).isLessThan(client.request.length));
        } finally {
            for (Slowloris client : clients) {
                client.socket.close();
            }
        }
    }

    @Tag("verify")
    @Test
    void aThousandIdleConnections_areClosedAfterTheIdleTimeout_whileTheApiAnswersOthers() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 1_000; i++) {
                Socket socket = connect();
                idle.add(socket);
                // One in ten after one whole request, kept alive: idle between requests.
                if (i % 10 == 0) {
                    send(socket, "GET /api/beta_testing HTTP/1.1\r\nHost: x\r\nX-API-Key: " + API_KEY + "\r\n\r\n");
                    assertThat(RawHttp.read(socket).status()).isEqualTo(200);
                }
            }
            long before = System.nanoTime();
            assertThat(api.post("/api/is_bot_there", PRESENCE).status()).isEqualTo(200);
            assertThat(Duration.ofNanos(System.nanoTime() - before))
                    .as("an API call beside 1,000 idle connections")
                    .isLessThan(SLOW_CALL);

            // The server closes each once it has carried nothing for the idle timeout.
            List<Socket> stillOpen = new ArrayList<>(idle);
            Await.until(
                    "every idle connection closed by the server within 2 s after an idle timeout of " + IDLE_TIMEOUT,
                    IDLE_TIMEOUT.plusSeconds(2),
                    () -> {
                        stillOpen.removeIf(socket -> !open(socket));
                        return stillOpen.isEmpty();
                    });
        } finally {
            for (Socket socket : idle) {
                socket.close();
            }
        }
        assertThat(api.get("/api/beta_testing").status()).isEqualTo(200);
    }

    /** A client that sends its request one byte at a time, after sending {@code atOnce} bytes of it whole. */
    private static final class Slowloris {
        final Socket socket;
        final byte[] request;
        int sent;
        private boolean closed;

        Slowloris(Socket socket, String request, int atOnce) throws IOException {
            this.socket = socket;
            this.request = request.getBytes(StandardCharsets.US_ASCII);
            socket.getOutputStream().write(this.request, 0, atOnce);
            this.sent = atOnce;
        }

        void sendAByte() {
            if (closed || sent == request.length) {
                return;
            }
            try {
                socket.getOutputStream().write(request[sent]);
                socket.getOutputStream().flush();
                sent++;
                closed = !HostileClientsTest.open(socket);
            } catch (IOException e) {
                closed = true;
            }
        }

        boolean open() {
            return !closed;
        }
    }

    /** Whether the server has left the connection open: a read that waits, not one that ends or fails. */
    private static boolean open(Socket socket) {
        try {
            socket.setSoTimeout(1);
            int b = socket.getInputStream().read();
            return b != -1;
        } catch (SocketTimeoutException e) {
            return true;
        } catch (SocketException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(
                new InetSocketAddress(
                        service.baseUrl().getHost(), service.baseUrl().getPort()),
                5_000);
        socket.setSoTimeout(15_000);
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** What the server sent until it closed the connection, or until it sent nothing for 5 s. */
    private record Received(String text, boolean closed) {}

    private static Received readUntilClosed(Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        boolean closed;
        try {
            for (int n = socket.getInputStream().read(buffer);
                    n != -1;
                    n = socket.getInputStream().read(buffer)) {
                bytes.write(buffer, 0, n);
            }
            closed = true;
        } catch (SocketTimeoutException e) {
            closed = false;
        }
        return new Received(bytes.toString(StandardCharsets.ISO_8859_1), closed);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        return line.toString(StandardCharsets.ISO_8859_1).replaceFirst("\r$", "");
    }
}
