package com.communitybot.discord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import net.dv8tion.jda.api.requests.RestConfig;
import org.junit.jupiter.api.Test;

class DiscordSettingsTest {

    @Test
    void withoutAnApiUrlTheRestApiIsDiscordsOwn() {
        assertThat(DiscordSettings.fromEnvironmentValues("t0k3n", " ").restBaseUrl())
                .isEqualTo(RestConfig.DEFAULT_BASE_URL);
    }

    @Test
    void anApiUrlWithoutTrailingSlashGetsOneSoRoutesAreAppended() {
        assertThat(DiscordSettings.fromEnvironmentValues("t0k3n", "http://127.0.0.1:4000/api/v10")
                        .restBaseUrl())
                .isEqualTo("http://127.0.0.1:4000/api/v10/");
    }

    @Test
    void aBlankTokenIsRefused() {
        assertThatThrownBy(() -> DiscordSettings.of(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anApiUrlThatIsNotHttpIsRefused() {
        assertThatThrownBy(() -> DiscordSettings.of("t0k3n", URI.create("ftp://example.org/")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theTokenStaysOutOfTheTextForm() {
        assertThat(DiscordSettings.of("s3cret-token").toString()).doesNotContain("s3cret-token");
    }
}
