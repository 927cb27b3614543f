package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.testing.Await;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.runtime.server.EmbeddedServer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Why each of the service's Netty handlers underneath Micronaut is still there: for each, the same request with the
 * handler taken out of the pipeline and only Micronaut's documented settings left, which breaks the contract or
 * lets the hostile client through, beside the same request with the handler. Micronaut's {@code read-idle-timeout}
 * and {@code write-idle-timeout} only raise Netty's idle events; its pipeline closes a connection on neither, only
 * when it is idle both ways ({@code idle-timeout}).
 */
class ConfigurationAloneTest {

    /** A leaderboard of some 7 MB, far more than the socket buffers of a client that reads nothing hold. */
    private static final InMemoryLevelStore LEVELS = new InMemoryLevelStore();

    static {
        for (int i = 1; i <= 60_000; i++) {
            LEVELS.put(new LevelRecord(
                    ApiFixture.GUILD + ":" + (400_000_000_000_000_000L + i),
                    U64.ofNonNegative(i * 10L),
                    U64.ofNonNegative(i % 100)));
        }
    }

    /** A started server whose pipelines lose the named handlers right after the service has added them. */
    private static EmbeddedServer server(boolean withHandlers, Map<String, Object> settings, String... handlers) {
        EmbeddedServer server =
                InMemoryServer.start(LEVELS, new InMemorySettingsStore(), new InMemoryBetaStore(), settings);
        if (!withHandlers) {
            server.getApplicationContext()
                    .getBean(NettyServerCustomizer.Registry.class)
                    .register(new Without(null, List.of(handlers)));
        }
        return server;
    }

    /**
     * What Micronaut's own idle-state handler raises on the server's connections, and their closing: the signal
     * that its timeout has passed, whatever it then did or did not do.
     */
    private static final class ConnectionEvents implements NettyServerCustomizer {
        final AtomicInteger writeIdle = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();

        static ConnectionEvents on(EmbeddedServer server) {
            ConnectionEvents events = new ConnectionEvents();
            server.getApplicationContext()
                    .getBean(NettyServerCustomizer.Registry.class)
                    .register(events);
            return events;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new NettyServerCustomizer() {
                @Override
                public void onStreamPipelineBuilt() {
                    channel.eventLoop().execute(() -> channel.pipeline()
                            .addAfter(ChannelPipelineCustomizer.HANDLER_IDLE_STATE, "test-events", new Observer()));
                }
            };
        }

        private final class Observer extends ChannelInboundHandlerAdapter {
            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
                if (event instanceof IdleStateEvent idle && idle.state() == IdleState.WRITER_IDLE) {
                    writeIdle.incrementAndGet();
                }
                super.userEventTriggered(ctx, event);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                closed.incrementAndGet();
                super.channelInactive(ctx);
            }
        }
    }

    /** Takes the named handlers out of each connection's pipeline once it is built. */
    private record Without(Channel channel, List<String> handlers) implements NettyServerCustomizer {
        @Override
        public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
            return new Without(channel, handlers);
        }

        /** After every customizer has run (the service's add theirs in no set order), before the first read. */
        @Override
        public void onStreamPipelineBuilt() {
            ChannelPipeline pipeline = channel.pipeline();
            channel.eventLoop().execute(() -> handlers.stream()
                    .filter(name -> pipeline.get(name) != null)
                    .forEach(pipeline::remove));
        }
    }

    @ParameterizedTest(name = "with the handler: {0}")
    @ValueSource(booleans = {true, false})
    void anUnparsableTarget_withTheKey_is400WithUnreadableTarget_and401WithoutIt(boolean withHandler) {
        EmbeddedServer server = server(withHandler, Map.of(), "unreadable-target");
        try {
            RawHttp.Response response = Wire.send(
                    server.getURI(),
                    "GET",
                    "/api/%zz/roles".getBytes(StandardCharsets.ISO_8859_1),
                    "X-API-Key: " + ApiFixture.API_KEY,
                    null,
                    null);
            // Micronaut answers a target it cannot parse from a stand-in request without the client's headers.
            assertThat(response.status()).isEqualTo(withHandler ? 400 : 401);
        } finally {
            server.getApplicationContext().close();
        }
    }

    @ParameterizedTest(name = "with the handler: {0}")
    @ValueSource(booleans = {true, false})
    void headersOverMaxHeaderSize_are431WithOversizedRequestHead_and413WithoutIt(boolean withHandler)
            throws IOException {
        EmbeddedServer server = server(withHandler, Map.of(), "oversized-request-head");
        try (Socket socket = connect(server)) {
            String request = "GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1\r\nHost: x\r\nX-API-Key: "
                    + ApiFixture.API_KEY + "\r\nX-Filler: " + "a".repeat(16 * 1024) + "\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            RawHttp.Response response = RawHttp.read(socket);
            // Micronaut's max-header-size refuses the request as "Request Entity Too Large", naming the body.
            assertThat(response.status()).isEqualTo(withHandler ? 431 : 413);
        } finally {
            server.getApplicationContext().close();
        }
    }

    @Tag("verify")
    @ParameterizedTest(name = "with the handler: {0}")
    @ValueSource(booleans = {true, false})
    void aSlowlorisClient_isClosedBySlowRequestTimeout_andKeptByTheReadIdleTimeoutAlone(boolean withHandler)
            throws Exception {
        Map<String, Object> settings = Map.of("bot.read-timeout", "1s", "micronaut.server.read-idle-timeout", "1s");
        EmbeddedServer server =
                server(withHandler, settings, "slow-request-timeout-bytes", "slow-request-timeout-requests");
        try (Socket socket = connect(server)) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    .getBytes(StandardCharsets.US_ASCII));
            // A byte every 200 ms for 3 s: three times both timeouts, never idle for one of them.
            boolean open = true;
            for (int i = 0; i < 15 && open; i++) {
                Thread.sleep(200);
                try {
                    out.write('a');
                    out.flush();
                    open = stillOpen(socket);
                } catch (IOException closed) {
                    open = false;
                }
            }
            assertThat(open).as("the slowloris connection after 3 s").isEqualTo(!withHandler);
        } finally {
            server.getApplicationContext().close();
        }
    }

    @Tag("verify")
    @ParameterizedTest(name = "with the handler: {0}")
    @ValueSource(booleans = {true, false})
    void aClientThatReadsNothing_isCutByStalledClientTimeout_andKeptByTheWriteIdleTimeoutAlone(boolean withHandler)
            throws Exception {
        Map<String, Object> settings = new HashMap<>();
        settings.put("bot.write-timeout", "1s");
        settings.put("micronaut.server.write-idle-timeout", "1s");
        settings.put("micronaut.server.netty.child-options.so-sndbuf", 65_536);
        EmbeddedServer server = server(withHandler, settings, "stalled-client-timeout");
        ConnectionEvents events = ConnectionEvents.on(server);
        try (Socket stalled =
                RawHttp.get(server.getURI(), "/api/" + ApiFixture.GUILD + "/leaderboard", ApiFixture.API_KEY, 4096)) {
            // The client takes nothing: with the handler, until the server closes its connection; without it, until
            // Micronaut's write-idle timeout has passed twice, which must leave the connection open.
            if (withHandler) {
                Await.until(
                        "the connection closed by the server", Duration.ofSeconds(15), () -> events.closed.get() > 0);
            } else {
                Await.until("two write-idle timeouts", Duration.ofSeconds(15), () -> events.writeIdle.get() >= 2);
            }
            RawHttp.Response response = RawHttp.read(stalled);
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.end())
                    .as(
                            "the leaderboard of a client that took nothing for %d write-idle timeouts",
                            events.writeIdle.get())
                    .isEqualTo(withHandler ? RawHttp.End.CLOSED_BY_SERVER : RawHttp.End.LAST_CHUNK);
        } finally {
            server.getApplicationContext().close();
        }
    }

    @Test
    void theHandlersTheseTestsTakeOut_areInTheServicesPipeline() throws IOException {
        EmbeddedServer server = server(true, Map.of());
        List<List<String>> pipelines = new java.util.concurrent.CopyOnWriteArrayList<>();
        server.getApplicationContext()
                .getBean(NettyServerCustomizer.Registry.class)
                .register(new NettyServerCustomizer() {
                    @Override
                    public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
                        return new NettyServerCustomizer() {
                            @Override
                            public void onStreamPipelineBuilt() {
                                channel.eventLoop()
                                        .execute(() ->
                                                pipelines.add(channel.pipeline().names()));
                            }
                        };
                    }
                });
        try (Socket socket = connect(server)) {
            socket.getOutputStream()
                    .write(("GET /api/" + ApiFixture.GUILD + "/roles HTTP/1.1\r\nHost: x\r\nX-API-Key: "
                                    + ApiFixture.API_KEY + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            assertThat(RawHttp.read(socket).status()).isEqualTo(200);
            // A renamed handler would make the tests above compare a server with itself.
            assertThat(pipelines).anySatisfy(names -> assertThat(names)
                    .contains(
                            "unreadable-target",
                            "oversized-request-head",
                            "slow-request-timeout-bytes",
                            "slow-request-timeout-requests",
                            "stalled-client-timeout"));
        } finally {
            server.getApplicationContext().close();
        }
    }

    private static Socket connect(EmbeddedServer server) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", server.getPort()), 5_000);
        socket.setSoTimeout(15_000);
        return socket;
    }

    /** Whether the server has not closed the connection: nothing to read within 50 ms, and no end of stream. */
    private static boolean stillOpen(Socket socket) throws IOException {
        int timeout = socket.getSoTimeout();
        socket.setSoTimeout(50);
        try {
            InputStream in = socket.getInputStream();
            return in.read() >= 0;
        } catch (SocketTimeoutException nothingYet) {
            return true;
        } catch (IOException reset) {
            return false;
        } finally {
            socket.setSoTimeout(timeout);
        }
    }
}
