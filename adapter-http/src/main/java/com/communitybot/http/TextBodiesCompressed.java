package com.communitybot.http;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.MediaType;
import io.micronaut.http.server.netty.HttpCompressionStrategy;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which responses Micronaut compresses: the rule of Micronaut's default strategy, through its public
 * {@link HttpCompressionStrategy} interface, with its settings ({@code micronaut.server.netty.compression-threshold}
 * and {@code compression-level}). A body is compressed when compression is on, it has a text-based
 * {@code Content-Type}, and its length is unknown (streamed) or at least the threshold. The default strategy
 * parses the {@code Content-Type} and runs {@link MediaType#isTextBased(String)}'s regular expression on every
 * response, before it knows whether the client asked for compression at all; the service answers with a handful
 * of content types, so this one remembers the verdict per {@code Content-Type} value.
 */
@Singleton
@Replaces(HttpCompressionStrategy.class)
final class TextBodiesCompressed implements HttpCompressionStrategy {

    /** More distinct {@code Content-Type} values than this are judged each time instead of remembered. */
    static final int KEPT_TYPES = 64;

    private final int threshold;
    private final int level;
    private final int maxZstdEncodeSize;
    private final Map<String, Boolean> textBased = new ConcurrentHashMap<>();

    TextBodiesCompressed(NettyHttpServerConfiguration configuration) {
        this.threshold = configuration.getCompressionThreshold();
        this.level = configuration.getCompressionLevel();
        this.maxZstdEncodeSize = configuration.getMaxZstdEncodeSize();
    }

    @Override
    public boolean isEnabled() {
        return threshold >= 0;
    }

    @Override
    public boolean shouldCompress(HttpResponse response) {
        if (!isEnabled()) {
            return false;
        }
        HttpHeaders headers = response.headers();
        String contentType = headers.get(HttpHeaderNames.CONTENT_TYPE);
        if (contentType == null) {
            return false;
        }
        Integer length = headers.getInt(HttpHeaderNames.CONTENT_LENGTH);
        return (length == null || length >= threshold) && textBased(contentType);
    }

    private boolean textBased(String contentType) {
        Boolean known = textBased.get(contentType);
        if (known != null) {
            return known;
        }
        boolean verdict = MediaType.isTextBased(contentType);
        if (textBased.size() < KEPT_TYPES) {
            textBased.put(contentType, verdict);
        }
        return verdict;
    }

    @Override
    public int getCompressionLevel() {
        return level;
    }

    @Override
    public int getMaxZstdEncodeSize() {
        return maxZstdEncodeSize;
    }
}
