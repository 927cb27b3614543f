package com.communitybot.bench.baseline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.AsciiString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bare baseline of {@code bench/baseline.sh}: the least work a JVM needs to give the service's answers to
 * its three hot endpoints, {@code GET /api/{guild_id}/leaderboard} (spec 4.2), {@code GET /api/{guild_id}/roles}
 * (4.3) and {@code POST /api/is_bot_there} (4.1), byte for byte, from the same store and the same guild snapshot
 * file, configured by the same environment variables. Netty, plain JDBC, Jackson's streaming writer and a hash
 * map of members; nothing else. A yardstick, never shipped: every other path is 404, a leaderboard page is 501,
 * and a request body it cannot read gets a 400 whose message may differ from the service's.
 */
public final class Baseline {

    static final String JSON_TYPE = "application/json";
    static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final AsciiString API_KEY = AsciiString.cached("X-API-Key");
    private static final long MAX_TENTH = Long.divideUnsigned(-1L, 10);
    private static final int MAX_BODY = 10 * 1024 * 1024;

    private final byte[] keyDigest;
    private final Map<Long, Snapshot.Guild> guilds;
    private final LeaderboardStream leaderboards;
    private final ThreadLocal<MessageDigest> sha256 = ThreadLocal.withInitial(Baseline::sha256);

    private Baseline(String apiKey, Map<Long, Snapshot.Guild> guilds, LeaderboardStream leaderboards) {
        this.keyDigest = sha256().digest(apiKey.getBytes(StandardCharsets.UTF_8));
        this.guilds = guilds;
        this.leaderboards = leaderboards;
    }

    public static void main(String[] args) throws Exception {
        String apiKey = setting("BOT_API_KEY", "");
        if (apiKey.isEmpty()) {
            System.err.println("BOT_API_KEY must be set");
            System.exit(1);
        }
        int port = Integer.parseInt(setting("PORT", "8080"));
        String snapshotFile = setting("GUILD_SNAPSHOT", "");
        Map<Long, Snapshot.Guild> guilds = snapshotFile.isEmpty() ? Map.of() : Snapshot.read(Path.of(snapshotFile));
        Store store = new Store(
                setting("DATABASE_URL", "jdbc:h2:file:./data/community-bot"),
                setting("DATABASE_USER", null),
                setting("DATABASE_PASSWORD", null));
        AtomicInteger threads = new AtomicInteger();
        ExecutorService readers = Executors.newFixedThreadPool(10, task -> {
            Thread thread = new Thread(task, "leaderboard-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        Baseline baseline = new Baseline(apiKey, guilds, new LeaderboardStream(store, readers));

        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(NioIoHandler.newFactory());
        Channel server = new ServerBootstrap()
                .group(loops)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpServerKeepAliveHandler())
                                .addLast(new HttpObjectAggregator(MAX_BODY))
                                .addLast(baseline.new Requests());
                    }
                })
                .bind(port)
                .sync()
                .channel();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close().syncUninterruptibly();
            loops.shutdownGracefully().syncUninterruptibly();
            store.close();
        }));
        System.out.println("Baseline listening on port " + port + " (" + guilds.size() + " guilds)");
    }

    /** An environment variable, or the Java system property of the same name, as the service reads its settings. */
    private static String setting(String name, String fallback) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            value = System.getProperty(name);
        }
        return value == null || value.isEmpty() ? fallback : value;
    }

    /** One connection's requests; also wakes a leaderboard's writer when the connection can take more. */
    final class Requests extends SimpleChannelInboundHandler<FullHttpRequest> {

        final Object writable = new Object();

        @Override
        protected void channelRead0(ChannelHandlerContext context, FullHttpRequest request) {
            if (!hasKey(request)) {
                error(context, request, HttpResponseStatus.UNAUTHORIZED, "Missing or invalid API key");
                return;
            }
            String uri = request.uri();
            int q = uri.indexOf('?');
            String path = q < 0 ? uri : uri.substring(0, q);
            HttpMethod method = request.method();
            if (path.equals("/api/is_bot_there")) {
                if (method != HttpMethod.POST) {
                    error(context, request, HttpResponseStatus.METHOD_NOT_ALLOWED, "Method not allowed");
                } else {
                    isBotThere(context, request);
                }
                return;
            }
            int slash = path.startsWith("/api/") ? path.indexOf('/', 5) : -1;
            String rest = slash < 0 ? "" : path.substring(slash);
            if (slash <= 5 || !(rest.equals("/roles") || rest.equals("/leaderboard"))) {
                error(context, request, HttpResponseStatus.NOT_FOUND, "Not found");
                return;
            }
            if (method != HttpMethod.GET) {
                error(context, request, HttpResponseStatus.METHOD_NOT_ALLOWED, "Method not allowed");
                return;
            }
            long guildId;
            try {
                guildId = parseU64(path.substring(5, slash), 0);
            } catch (NumberFormatException e) {
                error(context, request, HttpResponseStatus.BAD_REQUEST, "Invalid guild_id");
                return;
            }
            Map<String, List<String>> query = q < 0 ? Map.of() : new QueryStringDecoder(uri).parameters();
            if (rest.equals("/leaderboard") && (query.containsKey("limit") || query.containsKey("after"))) {
                error(context, request, HttpResponseStatus.NOT_IMPLEMENTED, "The baseline serves no leaderboard pages");
                return;
            }
            Snapshot.Guild guild = guilds.get(guildId);
            if (guild == null) {
                error(context, request, HttpResponseStatus.NOT_FOUND, "Bot is not in this guild");
            } else if (rest.equals("/roles")) {
                roles(context, request, guild);
            } else {
                leaderboards.start(context.channel(), writable, guildId, guild);
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext context) {
            synchronized (writable) {
                writable.notifyAll();
            }
            context.fireChannelWritabilityChanged();
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) {
            synchronized (writable) {
                writable.notifyAll();
            }
            context.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
            context.close();
        }
    }

    /** Spec 5: exactly one X-API-Key, visible ASCII, equal to the key; compared as digests, in constant time. */
    private boolean hasKey(FullHttpRequest request) {
        List<String> values = request.headers().getAll(API_KEY);
        if (values.size() != 1 || values.get(0).isEmpty()) {
            return false;
        }
        String value = values.get(0);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c > 0x7E)) {
                return false;
            }
        }
        return MessageDigest.isEqual(keyDigest, sha256.get().digest(value.getBytes(StandardCharsets.US_ASCII)));
    }

    /** Spec 4.3: the guild's roles, in the snapshot's order. */
    private void roles(ChannelHandlerContext context, FullHttpRequest request, Snapshot.Guild guild) {
        ByteBuf body = context.alloc().buffer(64 + guild.roles().size() * 96);
        try (JsonGenerator json = JSON.createGenerator((OutputStream) new ByteBufOutputStream(body))) {
            json.writeStartArray();
            for (Snapshot.Role role : guild.roles()) {
                json.writeStartObject();
                json.writeStringField("role_id", Long.toUnsignedString(role.id()));
                json.writeStringField("role_name", role.name());
                json.writeNumberField("color", role.color());
                json.writeNumberField("position", role.position());
                json.writeEndObject();
            }
            json.writeEndArray();
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory cannot fail", e);
        }
        respond(context, request, HttpResponseStatus.OK, body);
    }

    /** Spec 4.1: for each id, whether it parses as an unsigned 64-bit integer and the bot is in that guild. */
    private void isBotThere(ChannelHandlerContext context, FullHttpRequest request) {
        String type = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        CharSequence mime = type == null ? JSON_TYPE : HttpUtil.getMimeType(type);
        if (mime == null || !mime.toString().equalsIgnoreCase(JSON_TYPE)) {
            error(context, request, HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json");
            return;
        }
        List<Boolean> results = null;
        try (JsonParser parser = JSON.createParser((java.io.InputStream) new ByteBufInputStream(request.content()))) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("Request body must be a JSON object");
            }
            for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                if (!key.equals("guild_ids")) {
                    parser.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_ARRAY) {
                    throw new IllegalArgumentException("guild_ids must be an array of strings");
                }
                results = new ArrayList<>();
                while (parser.nextToken() == JsonToken.VALUE_STRING) {
                    results.add(present(parser.getText()));
                }
                if (parser.currentToken() != JsonToken.END_ARRAY) {
                    throw new IllegalArgumentException("guild_ids must be an array of strings");
                }
            }
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("Request body must be one JSON value");
            }
            if (results == null) {
                throw new IllegalArgumentException("guild_ids is required");
            }
        } catch (JsonProcessingException e) {
            error(
                    context,
                    request,
                    HttpResponseStatus.BAD_REQUEST,
                    "Request body is not valid JSON: " + e.getOriginalMessage());
            return;
        } catch (IllegalArgumentException e) {
            error(context, request, HttpResponseStatus.BAD_REQUEST, e.getMessage());
            return;
        } catch (IOException e) {
            throw new IllegalStateException("reading memory cannot fail", e);
        }
        ByteBuf body = context.alloc().buffer(16 + results.size() * 6);
        try (JsonGenerator json = JSON.createGenerator((OutputStream) new ByteBufOutputStream(body))) {
            json.writeStartObject();
            json.writeArrayFieldStart("results");
            for (boolean result : results) {
                json.writeBoolean(result);
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory cannot fail", e);
        }
        respond(context, request, HttpResponseStatus.OK, body);
    }

    private boolean present(String guildId) {
        try {
            return guilds.containsKey(parseU64(guildId, 0));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The contract's error body, {@code {"success":false,"message":"..."}}. */
    static void error(
            ChannelHandlerContext context, FullHttpRequest request, HttpResponseStatus status, String message) {
        respond(context, request, status, errorBody(context.channel(), message));
    }

    static ByteBuf errorBody(Channel channel, String message) {
        ByteBuf body = channel.alloc().buffer(48 + message.length());
        try (JsonGenerator json = JSON.createGenerator((OutputStream) new ByteBufOutputStream(body))) {
            json.writeStartObject();
            json.writeBooleanField("success", false);
            json.writeStringField("message", message);
            json.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory cannot fail", e);
        }
        return body;
    }

    /** A whole response; HttpServerKeepAliveHandler closes the connection after it when the request asked so. */
    private static void respond(
            ChannelHandlerContext context, FullHttpRequest request, HttpResponseStatus status, ByteBuf body) {
        FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(), status, body);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, JSON_TYPE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        context.writeAndFlush(response);
    }

    /**
     * {@code text} from {@code from} by the service's rule for unsigned 64-bit integers: an optional {@code +},
     * then ASCII digits (leading zeros allowed) with a value of at most 18446744073709551615.
     *
     * @throws NumberFormatException when it is not one
     */
    static long parseU64(String text, int from) {
        int i = from < text.length() && text.charAt(from) == '+' ? from + 1 : from;
        if (i == text.length()) {
            throw new NumberFormatException("no digits");
        }
        long value = 0;
        for (; i < text.length(); i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0 || digit > 9 || Long.compareUnsigned(value, MAX_TENTH) > 0) {
                throw new NumberFormatException("not an unsigned 64-bit integer");
            }
            long next = value * 10 + digit;
            if (Long.compareUnsigned(next, value * 10) < 0) {
                throw new NumberFormatException("not an unsigned 64-bit integer");
            }
            value = next;
        }
        return value;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
