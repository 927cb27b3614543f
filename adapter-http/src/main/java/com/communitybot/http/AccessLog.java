package com.communitybot.http;

import io.micronaut.context.annotation.Value;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import jakarta.inject.Singleton;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * One access log line per request, written when its response's last byte has been handed to the connection:
 * method, route template (never the raw path: no ids, no key), status, body bytes as sent (compressed when
 * they were), duration and request id. Never a header value or a body. It also gives every request its id:
 * {@code X-Request-Id} from the request when it is a sensible token, else a new one, set on the request for
 * the service's own code and on every response, the ones a filter or Micronaut itself gives included.
 */
@Singleton
final class AccessLog extends ConnectionHandlers {

    static final String HEADER = "X-Request-Id";
    static final String MDC_KEY = "request_id";
    static final String LOGGER = "access";
    /** The route template Micronaut matched, put on the connection by {@link AccessLogRoutes}. */
    static final AttributeKey<String> ROUTE = AttributeKey.valueOf("community-bot.route");

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);
    private static final String HANDLER = "community-bot-access-log";
    private static final Pattern ACCEPTED_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    /** Whether lines are written ({@code ACCESS_LOG}); request ids are given either way. */
    private final boolean lines;

    AccessLog(@Value("${bot.access-log:false}") boolean lines) {
        this.lines = lines;
    }

    @Override
    String name() {
        return HANDLER;
    }

    @Override
    void addTo(ChannelPipeline pipeline) {
        pipeline.addAfter(CODEC, HANDLER, new Handler(lines));
    }

    /** The request's id: the client's when it is a plain token of at most 128 characters, else a new UUID. */
    static String requestId(String fromClient) {
        return fromClient != null && ACCEPTED_ID.matcher(fromClient).matches() ? fromClient : newId();
    }

    /**
     * A random (version 4) UUID from the thread's own generator: an id has to be unique, not unguessable, and
     * {@link UUID#randomUUID()} reads the JVM's one secure generator, behind a lock, for every request.
     */
    private static String newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }

    /** The requests of one connection, answered in the order they came (HTTP/1.1). */
    private static final class Handler extends ChannelDuplexHandler {
        private final Deque<Pending> pending = new ArrayDeque<>();
        private final boolean lines;

        Handler(boolean lines) {
            this.lines = lines;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof HttpRequest request) {
                String id = requestId(request.headers().get(HEADER));
                request.headers().set(HEADER, id);
                pending.addLast(new Pending(request.method().name(), id, System.nanoTime()));
            }
            super.channelRead(ctx, msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
            Pending current = pending.peekFirst();
            if (current != null) {
                if (msg instanceof HttpResponse response && !response.status().equals(HttpResponseStatus.CONTINUE)) {
                    response.headers().set(HEADER, current.id);
                    current.status = response.status().code();
                    String route = ctx.channel().attr(ROUTE).getAndSet(null);
                    current.route = route == null ? "-" : route;
                }
                if (msg instanceof ByteBufHolder holder) {
                    current.bytes += holder.content().readableBytes();
                } else if (msg instanceof ByteBuf buf) {
                    current.bytes += buf.readableBytes();
                }
                if (msg instanceof LastHttpContent && current.status != 0) {
                    pending.removeFirst();
                    if (lines) {
                        ctx.write(msg, promise.unvoid()).addListener(done -> current.log(done.isSuccess()));
                        return;
                    }
                }
            }
            super.write(ctx, msg, promise);
        }
    }

    private static final class Pending {
        final String method;
        final String id;
        final long start;
        String route = "-";
        int status;
        long bytes;

        Pending(String method, String id, long start) {
            this.method = method;
            this.id = id;
            this.start = start;
        }

        void log(boolean complete) {
            if (!LOG.isInfoEnabled()) {
                return;
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            MDC.put(MDC_KEY, id);
            try {
                LOG.info(
                        "{} {} {} {} B {} ms{} request_id={}",
                        method,
                        route,
                        status,
                        bytes,
                        millis,
                        complete ? "" : " (cut short)",
                        id);
            } finally {
                MDC.remove(MDC_KEY);
            }
        }
    }
}
