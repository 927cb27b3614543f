package com.communitybot.http;

import io.micronaut.context.annotation.Value;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.ScheduledFuture;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection whose client has stopped reading a response for {@code bot.write-timeout}
 * ({@code WRITE_TIMEOUT}): the response's data has filled the socket's buffers and not one byte more was
 * taken in that time. A client that reads slowly keeps its connection; one that went away without a word
 * (a closed laptop, a dead mobile link) gives back what its response holds.
 *
 * <p>Netty marks a channel unwritable while more than its high-water mark of data waits to be sent, and
 * writable again once the client has taken enough; this handler starts the clock at the first and stops
 * it at the second. Micronaut's own idle timeout only closes a connection that neither reads nor writes.
 */
@Singleton
final class StalledClientTimeout extends ConnectionHandlers {

    private static final Logger LOG = LoggerFactory.getLogger(StalledClientTimeout.class);
    private static final String HANDLER = "stalled-client-timeout";

    private final Duration timeout;

    StalledClientTimeout(@Value("${bot.write-timeout:60s}") Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("bot.write-timeout (WRITE_TIMEOUT) must be positive, not " + timeout);
        }
        this.timeout = timeout;
    }

    @Override
    String name() {
        return HANDLER;
    }

    /** First in the pipeline, whatever the protocol. */
    @Override
    boolean accepts(ChannelPipeline pipeline) {
        return true;
    }

    @Override
    void addTo(ChannelPipeline pipeline) {
        pipeline.addFirst(HANDLER, new Handler());
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        private ScheduledFuture<?> deadline;

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
            if (ctx.channel().isWritable()) {
                cancel();
            } else if (deadline == null) {
                deadline = ctx.executor()
                        .schedule(
                                () -> {
                                    deadline = null;
                                    if (!ctx.channel().isWritable()) {
                                        LOG.info(
                                                "Closing the connection of {}: it has read nothing of its response for {} s",
                                                ctx.channel().remoteAddress(),
                                                timeout.toSeconds());
                                        ctx.close();
                                    }
                                },
                                timeout.toMillis(),
                                TimeUnit.MILLISECONDS);
            }
            super.channelWritabilityChanged(ctx);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            cancel();
            super.channelInactive(ctx);
        }

        private void cancel() {
            if (deadline != null) {
                deadline.cancel(false);
                deadline = null;
            }
        }
    }
}
