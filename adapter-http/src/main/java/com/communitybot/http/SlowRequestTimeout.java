package com.communitybot.http;

import io.micronaut.context.annotation.Value;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection whose client takes longer than {@code bot.read-timeout} ({@code READ_TIMEOUT}) to send
 * one request, from its first byte to the end of its body: a slowloris client, which sends a byte every few
 * seconds, would otherwise hold its connection for hours, since every byte resets Micronaut's idle timeout
 * (and Micronaut closes a connection only when it is idle both ways; its read-idle timeout closes nothing).
 *
 * <p>Two handlers share the clock of a connection: one before the HTTP decoder starts it at the first byte
 * read while no request is under way, one after the decoder stops it at the end of the request's body. The
 * time between requests on a kept-alive connection is the idle timeout's ({@code IDLE_TIMEOUT}).
 */
@Singleton
final class SlowRequestTimeout extends ConnectionHandlers {

    private static final Logger LOG = LoggerFactory.getLogger(SlowRequestTimeout.class);
    private static final String BYTES = "slow-request-timeout-bytes";
    private static final String REQUESTS = "slow-request-timeout-requests";

    private final Duration timeout;

    SlowRequestTimeout(@Value("${bot.read-timeout:30s}") Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("bot.read-timeout (READ_TIMEOUT) must be positive, not " + timeout);
        }
        this.timeout = timeout;
    }

    @Override
    String name() {
        return BYTES;
    }

    /** Two handlers around the HTTP/1 decoder, sharing one clock. */
    @Override
    void addTo(ChannelPipeline pipeline) {
        Clock clock = new Clock();
        pipeline.addBefore(CODEC, BYTES, clock.new Bytes());
        pipeline.addAfter(CODEC, REQUESTS, clock.new Requests());
    }

    /** The deadline of the request under way on one connection; used on the connection's event loop only. */
    private final class Clock {
        private ScheduledFuture<?> deadline;
        private boolean requestUnderWay;

        void start(ChannelHandlerContext ctx) {
            if (!requestUnderWay) {
                requestUnderWay = true;
                deadline = ctx.executor().schedule(() -> expire(ctx), timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        void stop() {
            requestUnderWay = false;
            if (deadline != null) {
                deadline.cancel(false);
                deadline = null;
            }
        }

        private void expire(ChannelHandlerContext ctx) {
            deadline = null;
            LOG.info(
                    "Closing the connection of {}: its request did not arrive whole within {} ms",
                    ctx.channel().remoteAddress(),
                    timeout.toMillis());
            ctx.close();
        }

        /** Before the decoder: bytes of a request when none is under way start the clock. */
        final class Bytes extends ChannelInboundHandlerAdapter {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                start(ctx);
                super.channelRead(ctx, msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                stop();
                super.channelInactive(ctx);
            }
        }

        /** After the decoder: the end of a request's body stops the clock. */
        final class Requests extends ChannelInboundHandlerAdapter {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                // A request the decoder could not read is all it reads of this connection: the answer ends it.
                if (msg instanceof LastHttpContent
                        || msg instanceof HttpRequest request
                                && request.decoderResult().isFailure()) {
                    stop();
                }
                super.channelRead(ctx, msg);
            }
        }
    }
}
