package com.communitybot.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a request whose headers exceed {@code micronaut.server.netty.max-header-size} ({@code MAX_HEADER_SIZE})
 * with 431, and one whose request line exceeds {@code max-initial-line-length} with 414, each with the contract's
 * error body, and closes the connection. Micronaut would answer both 413 "Request body is too large", which names
 * the wrong part; and the headers were never read, so there is no API key to check first.
 */
@Singleton
final class OversizedRequestHead extends ConnectionHandlers {

    static final String HEADERS_TOO_LARGE = "Request headers are too large";
    static final String LINE_TOO_LONG = "Request line is too long";

    private static final Logger LOG = LoggerFactory.getLogger(OversizedRequestHead.class);
    private static final String HANDLER = "oversized-request-head";

    private final HttpMeters meters;

    OversizedRequestHead(HttpMeters meters) {
        this.meters = meters;
    }

    @Override
    String name() {
        return HANDLER;
    }

    /** Right after the HTTP/1 decoder. */
    @Override
    void addTo(ChannelPipeline pipeline) {
        pipeline.addAfter(CODEC, HANDLER, new Handler());
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof HttpRequest request && request.decoderResult().isFailure()) {
                Throwable cause = request.decoderResult().cause();
                if (cause instanceof TooLongHttpHeaderException) {
                    refuse(ctx, msg, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, HEADERS_TOO_LARGE);
                    return;
                }
                if (cause instanceof TooLongHttpLineException) {
                    refuse(ctx, msg, HttpResponseStatus.REQUEST_URI_TOO_LONG, LINE_TOO_LONG);
                    return;
                }
            }
            super.channelRead(ctx, msg);
        }

        private void refuse(ChannelHandlerContext ctx, Object msg, HttpResponseStatus status, String message) {
            ReferenceCountUtil.release(msg);
            meters.refused(status.code());
            LOG.info("Refused a request from {}: {} ({})", ctx.channel().remoteAddress(), status, message);
            byte[] body = ("{\"success\":false,\"message\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
            FullHttpResponse response =
                    new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
