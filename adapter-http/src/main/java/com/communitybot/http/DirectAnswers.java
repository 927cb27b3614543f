package com.communitybot.http;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.usecase.BotPresence;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.core.usecase.Leaderboard;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Timer;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.micronaut.scheduling.TaskExecutors;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers the two small requests a dashboard sends most, {@code GET /api/{guild_id}/roles} and {@code POST
 * /api/is_bot_there}, straight from Netty's messages on the event loop, when they are plainly well formed;
 * every other request goes on to Micronaut untouched. Micronaut's routing, filter chain and binding cost about
 * as much as the answer itself (BENCHMARKS.md, "The service against a bare baseline"), and both answers come
 * from memory, so nothing in them can wait.
 *
 * <p>It also answers the whole leaderboard, {@code GET /api/{guild_id}/leaderboard} without a query, as {@link
 * LeaderboardController} does but without Micronaut's request path before the first byte: the store is read on
 * the blocking pool, the body goes out in {@link LeaderboardJson}'s chunks, the next one made once the one before
 * has gone to the connection. A failure before the first chunk (the bot is not in the guild, the store failed)
 * hands the request to Micronaut, which answers it with its status and message; a failure after it closes the
 * connection without the body's last chunk, as Micronaut does. While the leaderboard goes out, the connection's
 * next requests wait and nothing more is read from it, and a close Micronaut asks for (its graceful shutdown)
 * waits for the body's end.
 *
 * <p>The answer is the one Micronaut gives, byte for byte but the date and the request id: the same use cases,
 * the same {@link ObjectMapper} (the same deserializer of the request body, the same serializers), the same
 * headers, the API key checked by {@link ApiKeyFilter}'s own rule, the route in the access log and Micronaut's
 * request timer. So this handler only takes a request whose answer is a 200 with nothing Micronaut would add or
 * do otherwise; anything else, each error included, is Micronaut's to answer, with its messages and its order
 * of checks: a method or target of another form (a guild id that is not 1 to 20 ASCII digits, a query, a
 * percent sign), HTTP/1.0, {@code Connection: close}, {@code Expect}, {@code Origin} (CORS), {@code
 * Accept} other than absent, {@code *}{@code /*} or {@code application/json}, a body Micronaut would compress,
 * a key that is not the one key, a guild the bot is not in, a body that does not bind.
 *
 * <p>Responses go out in the order the requests came (HTTP/1.1 pipelining): while Micronaut has a request of the
 * connection unanswered, the next ones go to Micronaut too. A connection that is not writable (a client that
 * does not read) goes to Micronaut too, whose backpressure stops reading it.
 */
@Singleton
@Requires(property = DirectAnswers.ENABLED, notEquals = "false")
@Requires(property = "bot.api-key") // the service's contexts only, not the command line's
final class DirectAnswers extends ConnectionHandlers {

    /** Off ({@code false}) only to compare with Micronaut's own answers in tests. */
    static final String ENABLED = "bot.http.direct-answers";

    static final String ROLES_ROUTE = "/api/{guild_id}/roles";
    static final String PRESENCE_ROUTE = "/api/is_bot_there";
    static final String LEADERBOARD_ROUTE = "/api/{guild_id}/leaderboard";
    private static final String HANDLER = "direct-answers";
    private static final String API_PREFIX = "/api/";
    private static final String ROLES_SUFFIX = "/roles";
    private static final String LEADERBOARD_SUFFIX = "/leaderboard";
    private static final int MAX_GUILD_DIGITS = 20;
    /** A body of {@code is_bot_there} larger than this goes to Micronaut, which reads it as a stream. */
    private static final int MAX_BODY_BYTES = 64 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(DirectAnswers.class);
    private static final DateTimeFormatter DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneId.of("GMT"));

    private final BeanProvider<GuildRoles> rolesLookup;
    private final BeanProvider<BotPresence> presenceLookup;
    private final BeanProvider<Leaderboard> leaderboardLookup;
    private final BeanProvider<ExecutorService> blockingLookup;
    private final HttpMeters meters;
    private final ObjectMapper json;
    private final ApiKeyFilter key;
    private final int managementPort;
    private final long compressionThreshold;
    private final long maxRequestSize;
    private final boolean upgrades;
    private final Timer rolesTimer;
    private final Timer presenceTimer;
    private final Timer leaderboardTimer;
    private final LongAdder answeredHere = new LongAdder();
    private volatile DateHeader date = new DateHeader(0, "");

    DirectAnswers(
            BeanProvider<GuildRoles> roles,
            BeanProvider<BotPresence> presence,
            BeanProvider<Leaderboard> leaderboard,
            @Named(TaskExecutors.BLOCKING) BeanProvider<ExecutorService> blocking,
            ObjectMapper json,
            ApiKeyFilter key,
            HttpMeters meters,
            NettyHttpServerConfiguration server,
            @Value("${endpoints.all.port:0}") int managementPort) {
        this.rolesLookup = roles;
        this.presenceLookup = presence;
        this.leaderboardLookup = leaderboard;
        this.blockingLookup = blocking;
        this.meters = meters;
        this.json = json;
        this.key = key;
        this.managementPort = managementPort;
        this.compressionThreshold = server.getCompressionThreshold();
        this.maxRequestSize = server.getMaxRequestSize();
        // An HTTP/1.1 server ignores Upgrade (the JDK's client asks for h2c on every plain connection).
        this.upgrades = server.getHttpVersion() != io.micronaut.http.HttpVersion.HTTP_1_1;
        this.rolesTimer = meters.answered(HttpMethod.GET.name(), ROLES_ROUTE);
        this.presenceTimer = meters.answered(HttpMethod.POST.name(), PRESENCE_ROUTE);
        this.leaderboardTimer = meters.answered(HttpMethod.GET.name(), LEADERBOARD_ROUTE);
    }

    @Override
    String name() {
        return HANDLER;
    }

    /** The API port's HTTP/1 connections; the management port answers none of the API's paths. */
    @Override
    boolean accepts(ChannelPipeline pipeline) {
        return super.accepts(pipeline)
                && pipeline.get(MICRONAUT) != null
                && !(managementPort != 0 && port(pipeline.channel().localAddress()) == managementPort);
    }

    /**
     * Just before Micronaut's own handler, after every handler of the service's. The use cases are looked up
     * here, not when this bean is made (with Netty's server beans): the live view may still be starting then.
     */
    @Override
    void addTo(ChannelPipeline pipeline) {
        pipeline.addBefore(
                MICRONAUT,
                HANDLER,
                new Handler(rolesLookup.get(), presenceLookup.get(), leaderboardLookup.get(), blockingLookup.get()));
    }

    /** How many requests were answered here, for the tests that prove it answered them. */
    long answeredHere() {
        return answeredHere.sum();
    }

    private static int port(SocketAddress address) {
        return address instanceof InetSocketAddress inet ? inet.getPort() : -1;
    }

    private enum Route {
        ROLES,
        PRESENCE,
        LEADERBOARD,
        MICRONAUT
    }

    /**
     * Which route a request may be answered on here, by its form alone; {@link Route#MICRONAUT} if none.
     * {@code guild} is the digits of its target when it has the form of the roles or the leaderboard route, else
     * null.
     */
    private Route route(HttpRequest request, String guild) {
        if (request instanceof FullHttpRequest
                || !request.decoderResult().isSuccess()
                || !request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            return Route.MICRONAUT;
        }
        HttpHeaders headers = request.headers();
        if (closes(headers)
                || headers.contains(HttpHeaderNames.EXPECT)
                || headers.contains(HttpHeaderNames.UPGRADE) && upgrades
                || headers.contains(HttpHeaderNames.ORIGIN)
                || headers.contains(HttpHeaderNames.TRANSFER_ENCODING)
                || headers.contains(HttpHeaderNames.CONTENT_ENCODING)
                || headers.contains(UnreadableTarget.MARK)
                || !acceptsJson(headers.getAll(HttpHeaderNames.ACCEPT))
                || !key.accepts(headers.getAll(ApiKeyFilter.HEADER))) {
            return Route.MICRONAUT;
        }
        String target = request.uri();
        if (request.method() == HttpMethod.GET && guild != null) {
            if (headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
                return Route.MICRONAUT;
            }
            if (target.endsWith(ROLES_SUFFIX)) {
                return Route.ROLES;
            }
            // Micronaut compresses a body of unknown length for a client that accepts an encoding.
            return headers.contains(HttpHeaderNames.ACCEPT_ENCODING) ? Route.MICRONAUT : Route.LEADERBOARD;
        }
        if (request.method() == HttpMethod.POST && target.equals(PRESENCE_ROUTE) && smallJsonBody(headers)) {
            return Route.PRESENCE;
        }
        return Route.MICRONAUT;
    }

    /** Whether a token of {@code Connection} is {@code close}: Micronaut then closes after its answer. */
    private static boolean closes(HttpHeaders headers) {
        for (String value : headers.getAll(HttpHeaderNames.CONNECTION)) {
            for (String token : value.split(",")) {
                if (token.strip().equalsIgnoreCase("close")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** No {@code Accept}, or one that names JSON alone: Micronaut answers those with plain {@code application/json}. */
    private static boolean acceptsJson(List<String> accept) {
        return accept.isEmpty()
                || accept.size() == 1
                        && (accept.get(0).equals("*/*") || accept.get(0).equals("application/json"));
    }

    /** The digits of {@code /api/<digits>/roles} or {@code /api/<digits>/leaderboard}, or null for any other target. */
    private static String guildIn(String target) {
        if (!target.startsWith(API_PREFIX)) {
            return null;
        }
        String suffix = target.endsWith(ROLES_SUFFIX)
                ? ROLES_SUFFIX
                : target.endsWith(LEADERBOARD_SUFFIX) ? LEADERBOARD_SUFFIX : null;
        if (suffix == null) {
            return null;
        }
        int from = API_PREFIX.length();
        int to = target.length() - suffix.length();
        if (to <= from || to - from > MAX_GUILD_DIGITS) {
            return null;
        }
        for (int i = from; i < to; i++) {
            char c = target.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        return target.substring(from, to);
    }

    private boolean smallJsonBody(HttpHeaders headers) {
        List<String> type = headers.getAll(HttpHeaderNames.CONTENT_TYPE);
        List<String> length = headers.getAll(HttpHeaderNames.CONTENT_LENGTH);
        if (type.size() != 1 || !isJson(type.get(0)) || length.size() != 1) {
            return false;
        }
        String digits = length.get(0);
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        int bytes = Integer.parseInt(digits);
        return bytes > 0 && bytes <= MAX_BODY_BYTES && bytes <= maxRequestSize;
    }

    private static boolean isJson(String contentType) {
        return contentType.equalsIgnoreCase("application/json")
                || contentType.equalsIgnoreCase("application/json;charset=utf-8")
                || contentType.equalsIgnoreCase("application/json; charset=utf-8");
    }

    /**
     * The roles body of the guild in the target, or null when Micronaut is to answer: the id is not one, the bot
     * is not in the guild, or the live view failed (Micronaut's error handlers say so).
     */
    private ByteBuf rolesBody(ChannelHandlerContext ctx, GuildRoles roles, String digits) throws IOException {
        Optional<GuildId> guild = GuildId.parse(digits);
        if (guild.isEmpty()) {
            return null;
        }
        List<Responses.RoleBody> body;
        try {
            body = roles.of(guild.get()).stream().map(Responses.RoleBody::from).toList();
        } catch (RuntimeException e) {
            return null;
        }
        return body(ctx, body);
    }

    /** The {@code is_bot_there} answer to the body, or null when the body does not bind (Micronaut says why). */
    private ByteBuf presenceBody(ChannelHandlerContext ctx, BotPresence presence, List<HttpContent> content)
            throws IOException {
        CompositeByteBuf bytes = ctx.alloc().compositeBuffer(content.size());
        try {
            for (HttpContent part : content) {
                bytes.addComponent(true, part.content().retainedDuplicate());
            }
            List<String> ids;
            try (InputStream in = new ByteBufInputStream(bytes)) {
                ids = guildIds(in);
            } catch (IOException | RuntimeException e) {
                return null;
            }
            return ids == null ? null : body(ctx, new Responses.Results(presence.isBotThere(ids)));
        } finally {
            bytes.release();
        }
    }

    /**
     * The {@code guild_ids} of a body in the one plain form that binds to {@link Requests.GuildIds} whatever
     * else it holds, read as a token stream with the service's own parser settings (duplicate keys refused at
     * any depth, Jackson's limits): one object with {@code guild_ids} an array of strings, other fields of any
     * value, nothing after it. Null for any other body, which then goes to Micronaut's binding (and its error
     * message): the databind reading first builds the body's tree, which costs as much as the rest of the answer.
     */
    private List<String> guildIds(InputStream in) throws IOException {
        try (JsonParser parser = json.getFactory().createParser(in)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            List<String> ids = null;
            for (String field = parser.nextFieldName(); field != null; field = parser.nextFieldName()) {
                JsonToken value = parser.nextToken();
                if (!field.equals("guild_ids")) {
                    parser.skipChildren();
                } else if (value != JsonToken.START_ARRAY) {
                    return null;
                } else {
                    ids = new ArrayList<>();
                    for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                        if (item != JsonToken.VALUE_STRING) {
                            return null;
                        }
                        ids.add(parser.getText());
                    }
                }
            }
            return parser.nextToken() == null ? ids : null;
        }
    }

    private ByteBuf body(ChannelHandlerContext ctx, Object value) throws IOException {
        ByteBuf buffer = ctx.alloc().buffer();
        try (OutputStream out = new ByteBufOutputStream(buffer)) {
            json.writeValue(out, value);
        } catch (IOException | RuntimeException e) {
            buffer.release();
            throw e;
        }
        return buffer;
    }

    /** Micronaut's {@code date}: RFC 1123 in GMT, the same text for a whole second. */
    private String date() {
        long second = System.currentTimeMillis() / 1000;
        DateHeader current = date;
        if (current.second != second) {
            current = new DateHeader(second, DATE.format(Instant.ofEpochSecond(second)));
            date = current;
        }
        return current.text;
    }

    private record DateHeader(long second, String text) {}

    /** The requests of one connection, in the order they came. */
    private final class Handler extends ChannelDuplexHandler {

        private final GuildRoles roles;
        private final BotPresence presence;
        private final Leaderboard leaderboard;
        private final ExecutorService blocking;

        /** Requests handed to Micronaut whose last response message has not been written yet. */
        private int micronautOpen;
        /** What becomes of the current request's body: it goes with its request, or is held, or dropped. */
        private Body body = Body.NONE;

        private HttpRequest held;
        private final List<HttpContent> heldContent = new ArrayList<>();
        private long start;
        private boolean flushPending;

        /** The leaderboard answered here now, from its request to its body's end; null when none is. */
        private LeaderboardAnswer answering;
        /** What came from the client after that leaderboard's request, in order, to be taken after its answer. */
        private final ArrayDeque<Object> waiting = new ArrayDeque<>();
        /** Micronaut asked for the next read while a leaderboard was answered; it is done once none is. */
        private boolean readAsked;
        /** Micronaut closed the connection while a leaderboard was answered; it is closed at the body's end. */
        private ChannelPromise closeAsked;

        Handler(GuildRoles roles, BotPresence presence, Leaderboard leaderboard, ExecutorService blocking) {
            this.roles = roles;
            this.presence = presence;
            this.leaderboard = leaderboard;
            this.blocking = blocking;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (answering != null || !waiting.isEmpty()) {
                waiting.add(msg);
                return;
            }
            take(ctx, msg);
        }

        private void take(ChannelHandlerContext ctx, Object msg) throws IOException {
            if (body != Body.NONE && msg instanceof HttpContent content) {
                content(ctx, content);
                return;
            }
            if (!(msg instanceof HttpRequest request)) {
                ctx.fireChannelRead(msg);
                return;
            }
            start = System.nanoTime();
            String guild = guildIn(request.uri());
            Route route = micronautOpen == 0 && ctx.channel().isWritable() ? route(request, guild) : Route.MICRONAUT;
            if (route == Route.ROLES) {
                ByteBuf answer = rolesBody(ctx, roles, guild);
                if (answer != null && respond(ctx, request, answer, ROLES_ROUTE, rolesTimer)) {
                    body = Body.DROP;
                    return;
                }
            } else if (route == Route.PRESENCE) {
                held = request;
                body = Body.HOLD;
                return;
            } else if (route == Route.LEADERBOARD) {
                Optional<GuildId> id = GuildId.parse(guild);
                if (id.isPresent()) {
                    // The request has no body (no Content-Length, no Transfer-Encoding): its end is dropped.
                    body = Body.DROP;
                    answering = new LeaderboardAnswer(ctx, request, id.get(), start);
                    try {
                        blocking.execute(answering::open);
                        return;
                    } catch (RejectedExecutionException e) { // the service is stopping
                        answering = null;
                        body = Body.NONE;
                    }
                }
            }
            toMicronaut(ctx, request);
        }

        private void content(ChannelHandlerContext ctx, HttpContent content) throws IOException {
            boolean last = content instanceof LastHttpContent;
            switch (body) {
                case PASS -> ctx.fireChannelRead(content);
                case DROP -> content.release();
                case HOLD -> {
                    heldContent.add(content);
                    if (last) {
                        answerHeld(ctx);
                    }
                }
                default -> throw new IllegalStateException(body.name());
            }
            if (last) {
                body = Body.NONE;
            }
        }

        private void answerHeld(ChannelHandlerContext ctx) throws IOException {
            HttpRequest request = held;
            held = null;
            ByteBuf answer = presenceBody(ctx, presence, heldContent);
            if (answer != null && respond(ctx, request, answer, PRESENCE_ROUTE, presenceTimer)) {
                heldContent.forEach(HttpContent::release);
                heldContent.clear();
                return;
            }
            micronautOpen++;
            ctx.fireChannelRead(request);
            heldContent.forEach(ctx::fireChannelRead);
            heldContent.clear();
        }

        private void toMicronaut(ChannelHandlerContext ctx, HttpRequest request) {
            micronautOpen++;
            body = request instanceof LastHttpContent ? Body.NONE : Body.PASS;
            ctx.fireChannelRead(request);
        }

        /**
         * Writes the 200 with {@code answer}, unless Micronaut would compress it (the client accepts an encoding
         * and the body reaches the threshold): then the answer is released and false returned.
         */
        private boolean respond(
                ChannelHandlerContext ctx, HttpRequest request, ByteBuf answer, String route, Timer timer) {
            if (answer.readableBytes() >= compressionThreshold
                    && request.headers().contains(HttpHeaderNames.ACCEPT_ENCODING)) {
                answer.release();
                return false;
            }
            FullHttpResponse response =
                    new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, answer);
            response.headers()
                    .set(HttpHeaderNames.DATE, date())
                    .set(HttpHeaderNames.CONTENT_TYPE, ApiDocument.JSON)
                    .set(HttpHeaderNames.CONTENT_LENGTH, answer.readableBytes());
            ctx.channel().attr(AccessLog.ROUTE).set(route);
            ctx.write(response, ctx.voidPromise());
            flushPending = true;
            timer.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            answeredHere.increment();
            return true;
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (flushPending) {
                flushPending = false;
                ctx.flush();
            }
            ctx.fireChannelReadComplete();
        }

        /** Counts Micronaut's answers: a request is answered when the last message of its final response goes. */
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            boolean informational =
                    msg instanceof HttpResponse response && response.status().code() < 200;
            if (msg instanceof LastHttpContent && !informational && micronautOpen > 0) {
                micronautOpen--;
            }
            ctx.write(msg, promise);
        }

        /**
         * While a leaderboard is answered, reading stops once a whole request waits behind it (or {@value
         * #MAX_BODY_BYTES} bytes of bodies), as Micronaut's own reading stops behind an unanswered request: one
         * that has begun to come is read to its end, so its client is not taken for a slow one.
         */
        @Override
        public void read(ChannelHandlerContext ctx) {
            if (answering != null && waitingIsEnough()) {
                readAsked = true;
            } else {
                ctx.read();
            }
        }

        private boolean waitingIsEnough() {
            boolean open = false;
            long bytes = 0;
            for (Object msg : waiting) {
                if (msg instanceof HttpRequest) {
                    if (msg instanceof LastHttpContent) {
                        return true;
                    }
                    open = true;
                } else if (msg instanceof LastHttpContent && open) {
                    return true;
                }
                if (msg instanceof HttpContent content) {
                    bytes += content.content().readableBytes();
                }
            }
            return bytes > MAX_BODY_BYTES;
        }

        /** Micronaut's close (its graceful shutdown) waits for the end of a leaderboard answered here. */
        @Override
        public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
            if (answering != null && closeAsked == null && ctx.channel().isActive()) {
                closeAsked = promise;
            } else {
                ctx.close(promise);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            if (answering != null) {
                answering.stop();
            }
            ctx.fireChannelInactive();
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            heldContent.forEach(ReferenceCountUtil::safeRelease);
            heldContent.clear();
            held = null;
            waiting.forEach(ReferenceCountUtil::safeRelease);
            waiting.clear();
            if (answering != null) {
                answering.stop();
            }
        }

        /**
         * After the leaderboard answered here: the connection closes if Micronaut asked for it, else what came
         * meanwhile is taken in order, then reading goes on.
         */
        private void answered(ChannelHandlerContext ctx) {
            answering = null;
            if (closeAsked != null || !ctx.channel().isActive()) {
                waiting.forEach(ReferenceCountUtil::safeRelease);
                waiting.clear();
                ChannelPromise close = closeAsked;
                closeAsked = null;
                ctx.close(close == null ? ctx.newPromise() : close);
                return;
            }
            boolean taken = !waiting.isEmpty();
            try {
                while (answering == null && !waiting.isEmpty()) {
                    take(ctx, waiting.poll());
                }
            } catch (IOException | RuntimeException e) {
                ctx.fireExceptionCaught(e);
            }
            if (taken) {
                // What was taken now was read before: Micronaut writes its answers at the end of a read.
                channelReadComplete(ctx);
            }
            if (answering == null && readAsked) {
                readAsked = false;
                ctx.read();
            }
        }

        /**
         * One whole leaderboard, answered here: opened on the blocking pool, then each chunk made there and
         * written on the event loop, the next made once the one before has gone to the connection.
         */
        private final class LeaderboardAnswer implements ChannelFutureListener {
            private final ChannelHandlerContext ctx;
            private final HttpRequest request;
            private final GuildId guild;
            private final long started;
            /** Set on the blocking pool before the first chunk is handed to the event loop. */
            private LeaderboardJson json;
            /** The connection ended or the answer was cut short: nothing more is made or written. */
            private volatile boolean stopped;

            LeaderboardAnswer(ChannelHandlerContext ctx, HttpRequest request, GuildId guild, long started) {
                this.ctx = ctx;
                this.request = request;
                this.guild = guild;
                this.started = started;
            }

            /** On the blocking pool: the presence check, the store's first batch and the first chunk. */
            void open() {
                LeaderboardJson opened = null;
                byte[] first;
                try {
                    opened = new LeaderboardJson(leaderboard.rows(guild), meters::leaderboardChunk);
                    first = opened.nextChunk();
                } catch (IOException | RuntimeException e) {
                    if (opened != null) {
                        opened.close();
                    }
                    ctx.executor().execute(this::toMicronautInstead);
                    return;
                }
                json = opened;
                ctx.executor().execute(() -> head(first));
            }

            /** Micronaut answers the request: with the status and message of what failed here, or with the body. */
            private void toMicronautInstead() {
                if (!stopped) {
                    micronautOpen++;
                    if (body == Body.DROP) {
                        body = Body.PASS;
                    }
                    ctx.fireChannelRead(request);
                    ctx.fireChannelReadComplete();
                }
                answered(ctx);
            }

            private void head(byte[] first) {
                if (stopped) {
                    end(false);
                    return;
                }
                HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                head.headers()
                        .set(HttpHeaderNames.CONTENT_TYPE, ApiDocument.JSON)
                        .set(HttpHeaderNames.DATE, date())
                        .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
                ctx.channel().attr(AccessLog.ROUTE).set(LEADERBOARD_ROUTE);
                ctx.write(head, ctx.voidPromise());
                answeredHere.increment();
                send(first);
            }

            private void send(byte[] chunk) {
                if (stopped) {
                    end(true);
                    return;
                }
                ctx.writeAndFlush(new DefaultHttpContent(Unpooled.wrappedBuffer(chunk)))
                        .addListener(this);
            }

            /** A chunk went to the connection: the next is made on the blocking pool. */
            @Override
            public void operationComplete(ChannelFuture written) {
                if (!written.isSuccess() || stopped) {
                    cut();
                    return;
                }
                try {
                    blocking.execute(this::next);
                } catch (RejectedExecutionException e) { // the service is stopping
                    cut();
                }
            }

            /** On the blocking pool: the next chunk, or the body's end. */
            private void next() {
                byte[] chunk;
                try {
                    chunk = json.nextChunk();
                } catch (IOException | RuntimeException e) {
                    LOG.error("The leaderboard of guild {} was cut short: its store failed", guild, e);
                    ctx.executor().execute(this::cut);
                    return;
                }
                if (chunk == null) {
                    ctx.executor().execute(this::last);
                } else {
                    ctx.executor().execute(() -> send(chunk));
                }
            }

            private void last() {
                if (stopped) {
                    cut();
                    return;
                }
                ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(written -> {
                    if (written.isSuccess()) {
                        end(true);
                    } else {
                        cut();
                    }
                });
            }

            /** The body cannot go on: the connection closes without its last chunk, as Micronaut's would. */
            private void cut() {
                stopped = true;
                ctx.close();
                end(true);
            }

            /** The connection ended: the answer stops where it is. May come more than once. */
            void stop() {
                stopped = true;
            }

            private void end(boolean headWritten) {
                if (answering != this) {
                    return;
                }
                json.close();
                if (headWritten) {
                    leaderboardTimer.record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
                }
                answered(ctx);
            }
        }
    }

    private enum Body {
        NONE,
        PASS,
        HOLD,
        DROP
    }
}
