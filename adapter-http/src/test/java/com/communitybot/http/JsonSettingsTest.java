package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ser.DefaultSerializerProvider;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The routes' JSON readers and writers, which Micronaut makes when it builds the router at start, look up their
 * deserializer and serializer at their first body, not then: docs/architecture.md says why, and BENCHMARKS.md,
 * "Start-up", what a start costs.
 */
class JsonSettingsTest {

    private EmbeddedServer server;
    private ObjectMapper mapper;

    @BeforeEach
    void start() {
        server = InMemoryServer.start(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
        mapper = server.getApplicationContext().getBean(ObjectMapper.class);
    }

    @AfterEach
    void stop() {
        server.getApplicationContext().close();
    }

    @Test
    void aStartedServer_hasMadeNoSerializer_untilARouteWritesABody() {
        assertThat(serializersMade())
                .as("serializers made by the start (Jackson's eager fetch would make one per route)")
                .isZero();

        RawHttp.Response tracks = Wire.send(
                server.getURI(),
                "GET",
                ("/api/" + ApiFixture.GUILD + "/level/track").getBytes(StandardCharsets.US_ASCII),
                "X-API-Key: " + ApiFixture.API_KEY,
                null,
                null);

        assertThat(Wire.assertAllowed(tracks, Set.of(200), "tracks").toString()).isEqualTo("{}");
        assertThat(serializersMade()).isPositive();
    }

    /** Jackson's cache of serializers, which every writer of the mapper shares. */
    private int serializersMade() {
        return ((DefaultSerializerProvider) mapper.getSerializerProvider()).cachedSerializersCount();
    }

    @Test
    void deserializers_areLookedUpAtTheFirstBody() {
        assertThat(mapper.isEnabled(DeserializationFeature.EAGER_DESERIALIZER_FETCH))
                .isFalse();
    }
}
