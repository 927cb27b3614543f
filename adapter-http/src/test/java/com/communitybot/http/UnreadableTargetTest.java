package com.communitybot.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.http.testing.RawHttp;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A request target that is not a URI is a 400 after the key's check. Before {@link UnreadableTarget} it was
 * a 401 "Missing or invalid API key" with the right key (found by {@code RequestFuzzTest}).
 */
class UnreadableTargetTest {

    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = InMemoryServer.start(new InMemoryLevelStore(), new InMemorySettingsStore(), new InMemoryBetaStore());
    }

    @AfterAll
    static void stop() {
        server.getApplicationContext().close();
    }

    private static RawHttp.Response get(String target, String headers) {
        return Wire.send(server.getURI(), "GET", target.getBytes(StandardCharsets.ISO_8859_1), headers, null, null);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/api/%zz/roles",
                "/api/%/roles",
                "/api/100000000000000001/roles%",
                "/api/<script>/roles",
                "/api/100000000000000001/leaderboard?limit=%g1",
                "/nowhere/%zz"
            })
    void aTargetThatIsNotAUri_is400_withTheKey_and401_withoutIt(String target) {
        RawHttp.Response withKey = get(target, "X-API-Key: " + ApiFixture.API_KEY);
        assertThat(Wire.assertAllowed(withKey, Set.of(400), target)
                        .path("message")
                        .asText())
                .isEqualTo(UnreadableTarget.MESSAGE);
        assertThat(withKey.headers()).containsKey("x-request-id");

        RawHttp.Response withoutKey = get(target, "");
        assertThat(Wire.assertAllowed(withoutKey, Set.of(401), target)
                        .path("message")
                        .asText())
                .isEqualTo(ApiKeyFilter.MESSAGE);
    }

    @Test
    void theMark_sentByAClient_isIgnored() {
        RawHttp.Response response = get(
                "/api/" + ApiFixture.GUILD + "/roles",
                "X-API-Key: " + ApiFixture.API_KEY + "\r\n" + UnreadableTarget.MARK + ": 1");
        Wire.assertAllowed(response, Set.of(200), "roles with the mark");
    }

    @Test
    void encoding_keepsWhatParses_andEscapesTheRest() {
        assertThat(UnreadableTarget.encoded("/api/%zz/a%41b%/c<d>\u00ff?x=%2"))
                .isEqualTo("/api/%25zz/a%41b%25/c%3Cd%3E%FF?x=%252");
    }
}
