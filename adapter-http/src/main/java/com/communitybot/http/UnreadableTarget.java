package com.communitybot.http;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import jakarta.inject.Singleton;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

/**
 * A request target that is not a URI ({@code /api/%zz/roles}, a lone {@code %}, a raw {@code <} or byte
 * 0xff) is the contract's 400 {@value #MESSAGE}, after the API key's check like every other bad request.
 *
 * <p>Micronaut cannot build its request from such a target; it then answers from a stand-in request with no
 * headers at all, which {@link ApiKeyFilter} refused as 401 whatever key the client sent (found by
 * {@code RequestFuzzTest}). So each request's target is checked before Micronaut sees it: one that does not
 * parse has its unparsable characters percent-encoded (a stray {@code %} becomes {@code %25}), keeping its
 * headers, and is marked with {@value #MARK}, which this filter, right after the key's check, answers with
 * the 400. The mark is removed from every request that arrives, so no client can set it.
 */
@Singleton
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
final class UnreadableTarget extends ConnectionHandlers implements Ordered {

    static final String MESSAGE = "Invalid request target: it is not a valid URI";
    static final String MARK = "X-Community-Bot-Unreadable-Target";
    private static final String HANDLER = "unreadable-target";

    @Override
    String name() {
        return HANDLER;
    }

    /** The connection's pipeline, and each HTTP/2 stream's. */
    @Override
    boolean appliesTo(NettyServerCustomizer.ChannelRole role) {
        return role == NettyServerCustomizer.ChannelRole.CONNECTION
                || role == NettyServerCustomizer.ChannelRole.REQUEST_STREAM;
    }

    @Override
    boolean accepts(ChannelPipeline pipeline) {
        return pipeline.get(MICRONAUT) != null;
    }

    /** Just before Micronaut's own handler. */
    @Override
    void addTo(ChannelPipeline pipeline) {
        pipeline.addBefore(MICRONAUT, HANDLER, new Handler());
    }

    /** After the key's check ({@link ApiKeyFilter}), before everything that reads the path. */
    @Override
    public int getOrder() {
        return HIGHEST_PRECEDENCE + 2;
    }

    @RequestFilter
    @Nullable
    public MutableHttpResponse<ErrorBody> refuse(HttpRequest<?> request) {
        return request.getHeaders().contains(MARK)
                ? HttpResponse.<ErrorBody>status(HttpStatus.BAD_REQUEST).body(ErrorBody.of(MESSAGE))
                : null;
    }

    private static final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (msg instanceof io.netty.handler.codec.http.HttpRequest request) {
                request.headers().remove(MARK);
                if (!parses(request.uri())) {
                    request.setUri(encoded(request.uri()));
                    request.headers().set(MARK, "1");
                }
            }
            super.channelRead(ctx, msg);
        }
    }

    private static boolean parses(String target) {
        try {
            new URI(target);
            return true;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * {@code target} with every character outside RFC 3986's set, and every {@code %} not followed by two hex
     * digits, percent-encoded (as UTF-8; Netty hands bytes over one char per byte, so those stay bytes).
     */
    static String encoded(String target) {
        StringBuilder out = new StringBuilder(target.length() + 16);
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            boolean escape =
                    c == '%' && !(i + 2 < target.length() && hex(target.charAt(i + 1)) && hex(target.charAt(i + 2)));
            if (!escape && c > 0x20 && c < 0x7f && "\"<>\\^`{|}".indexOf(c) < 0) {
                out.append(c);
            } else {
                for (byte b :
                        String.valueOf(c).getBytes(c < 0x100 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8)) {
                    out.append('%')
                            .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                            .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
                }
            }
        }
        return out.toString();
    }

    private static boolean hex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
