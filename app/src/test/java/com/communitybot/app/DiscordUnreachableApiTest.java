package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.discord.fake.Eventually;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.LoggedProblems;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.StoreBackend;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With Discord out of reach at start, the API answers at once and the view fills in once Discord is back. */
class DiscordUnreachableApiTest {

    private static final long GUILD = 100_000_000_000_000_001L;

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theApiAnswersWhileDiscordIsUnreachable_andThePresenceFollowsOnceItIsBack() {
        LoggedProblems problems = LoggedProblems.recorder();
        problems.clear();
        int port = freePort();
        try (RunningService service = new RunningService(
                StoreBackend.H2.freshDatabase("unreachable"),
                Map.of(
                        "DISCORD_TOKEN",
                        FakeDiscord.TOKEN,
                        "DISCORD_API_URL",
                        "http://127.0.0.1:" + port + "/api/v10"))) {
            ApiClient api = new ApiClient(service.baseUrl(), ApiFixture.API_KEY);

            assertThat(api.post("/api/is_bot_there", "{\"guild_ids\": [\"" + GUILD + "\"]}")
                            .body())
                    .isEqualTo("{\"results\":[false]}");
            assertThat(api.get("/api/" + GUILD + "/roles").message()).isEqualTo("Bot is not in this guild");
            assertThat(api.get("/api/beta_testing").status()).isEqualTo(200);

            try (FakeDiscord discord = FakeDiscord.builder().port(port).start()) {
                discord.addGuild(FakeGuild.builder(GUILD).build());
                Eventually.await("the guild present once Discord answers", Duration.ofSeconds(30), () -> api.post(
                                "/api/is_bot_there", "{\"guild_ids\": [\"" + GUILD + "\"]}")
                        .body()
                        .equals("{\"results\":[true]}"));
            }
            assertThat(service.fatalFailures()).isEmpty();
        }
        problems.assertNone();
    }
}
