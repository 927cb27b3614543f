package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.discord.fake.Eventually;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.FakeMember;
import com.communitybot.discord.fake.FakeRole;
import com.communitybot.discord.fake.LoggedProblems;
import com.communitybot.http.testing.ApiClient;
import com.communitybot.http.testing.ApiFixture;
import com.communitybot.persistence.testing.StoreBackend;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The service with {@code DISCORD_TOKEN} set, through its HTTP API, with the real JDA client connected to
 * the fake Discord on loopback.
 */
class DiscordApiTest {

    private static final long GUILD = 100_000_000_000_000_001L;
    private static final long NOT_JOINED = 100_000_000_000_000_002L;
    private static final long LEVEL_5 = 200_000_000_000_000_005L;
    private static final long PLAIN = 200_000_000_000_000_006L;
    private static final long ALICE = 300_000_000_000_000_001L;
    private static final long BOB = 300_000_000_000_000_002L;
    private static final long CAROL = 300_000_000_000_000_003L;
    private static final long GONE = 300_000_000_000_000_009L;

    private final LoggedProblems problems = LoggedProblems.recorder();
    private FakeDiscord discord;
    private RunningService service;
    private ApiClient api;

    @BeforeEach
    void start() {
        problems.clear();
        discord = FakeDiscord.start();
        discord.addGuild(FakeGuild.builder(GUILD)
                .role(new FakeRole(LEVEL_5, "Level 5", 0x3498DB, 2))
                .role(new FakeRole(PLAIN, "Plain", 0, 1))
                .member(FakeMember.of(ALICE, "alice")
                        .withGlobalName("Alice A")
                        .withNickname("Ally")
                        .withAvatar("a1ce"))
                .member(FakeMember.of(BOB, "bob"))
                .build());
        service = new RunningService(
                StoreBackend.H2.freshDatabase("discord"),
                Map.of(
                        "DISCORD_TOKEN",
                        FakeDiscord.TOKEN,
                        "DISCORD_API_URL",
                        discord.baseUrl().toString()));
        api = new ApiClient(service.baseUrl(), ApiFixture.API_KEY);
        service.insertLevels(level(ALICE, 10), level(BOB, 20), level(CAROL, 5), level(GONE, 30));
        Eventually.await("the guild present", () -> isBotThere(GUILD));
    }

    @AfterEach
    void stop() {
        service.close();
        discord.close();
        problems.assertNone();
        assertThat(service.fatalFailures()).isEmpty();
    }

    private static LevelRecord level(long user, long level) {
        return new LevelRecord(GUILD + ":" + user, U64.ofNonNegative(level * 100), U64.ofNonNegative(level));
    }

    private boolean isBotThere(long guild) {
        return api.post("/api/is_bot_there", "{\"guild_ids\": [\"" + guild + "\"]}")
                .body()
                .equals("{\"results\":[true]}");
    }

    private JsonNode leaderboardEntry(long user) {
        for (JsonNode entry : api.get("/api/" + GUILD + "/leaderboard").json()) {
            if (entry.get("user_id").asText().equals(Long.toString(user))) {
                return entry;
            }
        }
        throw new AssertionError("no entry for " + user);
    }

    @Test
    void presenceIsTrueForTheBotsGuilds_andFalseWith404ForOthers() {
        assertThat(api.post("/api/is_bot_there", "{\"guild_ids\": [\"" + GUILD + "\", \"" + NOT_JOINED + "\"]}")
                        .body())
                .isEqualTo("{\"results\":[true,false]}");
        assertThat(api.get("/api/" + NOT_JOINED + "/leaderboard").status()).isEqualTo(404);
        assertThat(api.get("/api/" + NOT_JOINED + "/roles").message()).isEqualTo("Bot is not in this guild");
    }

    @Test
    void rolesHaveNamesColorsAndRawPositions() {
        assertThat(api.get("/api/" + GUILD + "/roles").json())
                .extracting(JsonNode::toString)
                .containsExactlyInAnyOrder(
                        "{\"role_id\":\"" + GUILD + "\",\"role_name\":\"@everyone\",\"color\":0,\"position\":0}",
                        "{\"role_id\":\"" + LEVEL_5 + "\",\"role_name\":\"Level 5\",\"color\":3447003,\"position\":2}",
                        "{\"role_id\":\"" + PLAIN + "\",\"role_name\":\"Plain\",\"color\":0,\"position\":1}");
    }

    @Test
    void leaderboardShowsDisplayNamesAndAvatars_andUnknownUserForWhoIsNotThere() {
        JsonNode board = api.get("/api/" + GUILD + "/leaderboard").json();

        assertThat(board)
                .extracting(e -> e.get("username").asText())
                .containsExactly("Unknown User", "bob", "Ally", "Unknown User");
        assertThat(leaderboardEntry(ALICE).get("avatar").asText())
                .isEqualTo("https://cdn.discordapp.com/avatars/" + ALICE + "/a1ce.png");
        assertThat(leaderboardEntry(BOB).get("avatar").asText())
                .matches("https://cdn\\.discordapp\\.com/embed/avatars/\\d\\.png");
        assertThat(leaderboardEntry(GONE).get("avatar").asText()).isEmpty();
    }

    @Test
    void readinessAndMeters_showTheShardConnected_andReadinessIsDownWhileAGuildIsUnavailable() {
        ApiClient management = new ApiClient(service.managementUrl(), null);
        Eventually.await("readiness UP", () -> readiness(management).status() == 200);
        JsonNode up = readiness(management).json();
        assertThat(up.at("/details/live-view/details/shard 0").asText()).isEqualTo("CONNECTED");
        assertThat(up.at("/details/live-view/details/guilds").asLong()).isEqualTo(1);
        Eventually.await("the shard's meters", () -> management
                .send(management.anonymous("/prometheus").GET())
                .body()
                .contains("discord_shard_connected{shard=\"0\",status=\"CONNECTED\"} 1.0"));
        assertThat(management.send(management.anonymous("/prometheus").GET()).body())
                .contains(
                        "discord_guilds 1.0",
                        "discord_members_cached 3.0" /* Alice, Bob and the bot */,
                        "discord_shard_ping_milliseconds{shard=\"0\"}")
                .containsPattern("discord_seconds_since_last_event [0-9.]+");

        discord.makeUnavailable(GUILD);
        Eventually.await("readiness DOWN", () -> readiness(management).status() == 503);
        assertThat(readiness(management)
                        .json()
                        .at("/details/live-view/details/shard 0")
                        .asText())
                .isEqualTo("CONNECTED, 1 guilds unavailable");

        discord.makeAvailable(GUILD);
        Eventually.await("readiness UP again", () -> readiness(management).status() == 200);
    }

    private static ApiClient.Reply readiness(ApiClient management) {
        return management.send(management.anonymous("/health/readiness").GET());
    }

    @Test
    void gatewayEvents_changeTheAnswers() {
        discord.addMember(GUILD, FakeMember.of(CAROL, "carol").withNickname("Caz"));
        Eventually.await(
                "Carol joined",
                () -> leaderboardEntry(CAROL).get("username").asText().equals("Caz"));

        discord.removeMember(GUILD, BOB);
        Eventually.await(
                "Bob left", () -> leaderboardEntry(BOB).get("username").asText().equals("Unknown User"));

        discord.updateRole(GUILD, new FakeRole(PLAIN, "Renamed", 0xFF0000, 3));
        Eventually.await("role updated", () -> api.get("/api/" + GUILD + "/roles")
                .body()
                .contains(
                        "{\"role_id\":\"" + PLAIN + "\",\"role_name\":\"Renamed\",\"color\":16711680,\"position\":3}"));

        discord.deleteGuild(GUILD);
        Eventually.await("guild left", () -> !isBotThere(GUILD));
        assertThat(api.get("/api/" + GUILD + "/leaderboard").message()).isEqualTo("Bot is not in this guild");
    }
}
