package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.context.ApplicationContext;
import io.micronaut.http.server.netty.HttpCompressionStrategy;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TextBodiesCompressedTest {

    private static TextBodiesCompressed strategy(int threshold) {
        NettyHttpServerConfiguration configuration = new NettyHttpServerConfiguration();
        configuration.setCompressionThreshold(threshold);
        configuration.setCompressionLevel(6);
        return new TextBodiesCompressed(configuration);
    }

    private static HttpResponse response(String contentType, Integer length) {
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        if (contentType != null) {
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        if (length != null) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        return response;
    }

    @Test
    void textBodies_atTheThresholdOrStreamed_areCompressed_othersNot() {
        TextBodiesCompressed strategy = strategy(1024);
        for (int round = 0; round < 2; round++) { // the second round answers from what the first remembered
            assertThat(strategy.shouldCompress(response("application/json", 1024)))
                    .isTrue();
            assertThat(strategy.shouldCompress(response("application/json", null)))
                    .isTrue();
            assertThat(strategy.shouldCompress(response("text/event-stream", null)))
                    .isTrue();
            assertThat(strategy.shouldCompress(response("application/json", 1023)))
                    .isFalse();
            assertThat(strategy.shouldCompress(response("image/png", 5000))).isFalse();
            assertThat(strategy.shouldCompress(response("application/octet-stream", null)))
                    .isFalse();
            assertThat(strategy.shouldCompress(response(null, 5000))).isFalse();
        }
        assertThat(strategy.getCompressionLevel()).isEqualTo(6);
    }

    @Test
    void aNegativeThreshold_turnsCompressionOff() {
        TextBodiesCompressed strategy = strategy(-1);
        assertThat(strategy.isEnabled()).isFalse();
        assertThat(strategy.shouldCompress(response("application/json", 5000))).isFalse();
    }

    @Test
    void manyContentTypes_areStillJudged_pastTheOnesKept() {
        TextBodiesCompressed strategy = strategy(0);
        for (int i = 0; i < TextBodiesCompressed.KEPT_TYPES + 10; i++) {
            assertThat(strategy.shouldCompress(response("text/plain; v=" + i, 10)))
                    .isTrue();
            assertThat(strategy.shouldCompress(response("image/x-" + i, 10))).isFalse();
        }
    }

    @Test
    void itIsTheStrategyMicronautUses_withMicronautsSettings() {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "micronaut.server.netty.compression-threshold", 10,
                "micronaut.server.netty.compression-level", 3))) {
            HttpCompressionStrategy strategy = context.getBean(HttpCompressionStrategy.class);
            assertThat(strategy).isInstanceOf(TextBodiesCompressed.class);
            assertThat(strategy.getCompressionLevel()).isEqualTo(3);
            assertThat(strategy.shouldCompress(response("application/json", 10)))
                    .isTrue();
            assertThat(strategy.shouldCompress(response("application/json", 9))).isFalse();
        }
    }
}
