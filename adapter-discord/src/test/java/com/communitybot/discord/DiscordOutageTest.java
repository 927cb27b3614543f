package com.communitybot.discord;

import static com.communitybot.discord.fake.Eventually.await;
import static com.communitybot.discord.fake.Eventually.awaitDespiteLoggedProblems;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.UserId;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.FakeMember;
import com.communitybot.discord.fake.LoggedProblems;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Start-up, outages, sharding and fatal failures, through the real JDA client against the fake Discord. */
class DiscordOutageTest {

    private static final long GUILD = 100_000_000_000_000_001L;
    private static final long ALICE = 300_000_000_000_000_001L;
    private static final Backoff FAST = new Backoff(Duration.ofMillis(200), Duration.ofMillis(800));

    private final LoggedProblems log = LoggedProblems.recorder();
    private final List<FatalDiscordException> fatalFailures = new CopyOnWriteArrayList<>();
    private FakeDiscord discord;
    private DiscordGuildView view;

    @BeforeEach
    void clearLog() {
        log.clear();
    }

    @AfterEach
    void stopAll() {
        if (view != null) {
            view.close();
        }
        if (discord != null) {
            discord.close();
        }
    }

    private DiscordGuildView startView(java.net.URI baseUrl) {
        view = DiscordGuildView.start(DiscordSettings.of(FakeDiscord.TOKEN, baseUrl), fatalFailures::add, FAST);
        return view;
    }

    @Test
    void anUnreachableDiscordAtStartIsRetriedWithOneLinePerAttemptWhileTheViewAnswers() throws IOException {
        int port = freePort();
        java.net.URI baseUrl = java.net.URI.create("http://127.0.0.1:" + port + "/api/v10/");

        long started = System.nanoTime();
        startView(baseUrl);

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(view.contains(new GuildId(GUILD))).isFalse();
        await("two failed attempts logged", () -> unreachableLines().size() >= 2);

        discord = FakeDiscord.builder().port(port).start();
        discord.addGuild(
                FakeGuild.builder(GUILD).member(FakeMember.of(ALICE, "alice")).build());

        await("guild present once Discord answers", () -> view.contains(new GuildId(GUILD)));
        assertThat(unreachableLines()).allSatisfy(line -> assertThat(line)
                .contains("Discord unreachable at " + baseUrl + "gateway/bot")
                .contains("ConnectException")
                .doesNotContain("WITH STACK TRACE"));
        log.assertNone();
        assertThat(fatalFailures).isEmpty();
    }

    @Tag("verify")
    @Test
    void aGatewayThatRefusesTheFirstConnectionIsRetriedOnTheGatewayTheRestApiNamed() {
        discord = FakeDiscord.start();
        discord.addGuild(FakeGuild.builder(GUILD).build());
        discord.refuseGateway(true);

        startView(discord.baseUrl());
        await("a refused handshake", () -> discord.gatewayHandshakes() >= 1);
        discord.refuseGateway(false);

        await("guild present after the retry", Duration.ofSeconds(15), () -> view.contains(new GuildId(GUILD)));
        assertThat(log.warnings())
                .filteredOn(line -> line.contains("Discord gateway unreachable"))
                .hasSizeGreaterThanOrEqualTo(1)
                .allSatisfy(line -> assertThat(line).doesNotContain("WITH STACK TRACE"));
        log.assertNone();
    }

    @Tag("verify")
    @Test
    void aDroppedGatewayConnectionIsReconnectedAndTheGuildComesBack() {
        discord = FakeDiscord.start();
        discord.addGuild(
                FakeGuild.builder(GUILD).member(FakeMember.of(ALICE, "alice")).build());
        startView(discord.baseUrl());
        await("guild present", () -> view.contains(new GuildId(GUILD)));
        int handshakes = discord.gatewayHandshakes();

        discord.dropGatewayConnections();

        await("a new gateway connection", Duration.ofSeconds(15), () -> discord.gatewayHandshakes() > handshakes);
        await(
                "guild present again",
                Duration.ofSeconds(15),
                () -> discord.identifiedShards().contains(0)
                        && view.member(new GuildId(GUILD), new UserId(ALICE)).isPresent());
        assertThat(log.warnings()).noneMatch(line -> line.contains("WITH STACK TRACE"));
        log.assertNone();
    }

    @Tag("verify")
    @Test
    void aShardThatReconnectsWithoutResumingRebuildsItsGuildsFromTheNewSession() {
        long bob = 300_000_000_000_000_002L;
        long firstMember = 400_000_000_000_000_000L;
        discord = FakeDiscord.start();
        discord.addGuild(FakeGuild.builder(GUILD)
                .member(FakeMember.of(ALICE, "alice"))
                .members(firstMember, 3_000, "member")
                .membersInGuildCreate(100)
                .build());
        startView(discord.baseUrl());
        await("guild present", () -> view.contains(new GuildId(GUILD)));
        assertThat(discord.memberChunkRequests()).isEqualTo(1);

        discord.refuseGateway(true);
        discord.dropGatewayConnections();
        // Changes the bot cannot hear of: the new session must bring them.
        discord.removeMember(GUILD, ALICE);
        discord.addMember(GUILD, FakeMember.of(bob, "bob").withNickname("Bobby"));
        discord.updateMember(GUILD, FakeMember.of(firstMember, "member-0").withNickname("Renamed"));
        // While JDA may still resume, the last known data stays.
        assertThat(view.member(new GuildId(GUILD), new UserId(ALICE))).isPresent();
        discord.refuseGateway(false);

        await("the guild as the new session tells it", Duration.ofSeconds(20), () -> view.member(
                        new GuildId(GUILD), new UserId(bob))
                .isPresent());
        assertThat(view.member(new GuildId(GUILD), new UserId(ALICE))).isEmpty();
        assertThat(view.member(new GuildId(GUILD), new UserId(firstMember)))
                .map(com.communitybot.core.model.Member::displayName)
                .contains("Renamed");
        assertThat(view.member(new GuildId(GUILD), new UserId(firstMember + 2_999)))
                .map(com.communitybot.core.model.Member::displayName)
                .contains("member-2999");
        assertThat(discord.memberChunkRequests()).isEqualTo(2);
        assertThat(log.warnings()).noneMatch(line -> line.contains("WITH STACK TRACE"));
        log.assertNone();
    }

    @Test
    void guildsOnEveryShardArePresent() {
        long onShard0 = shardGuild(0, 2);
        long onShard1 = shardGuild(1, 2);
        discord = FakeDiscord.builder().shards(2).start();
        discord.addGuild(FakeGuild.builder(onShard0).build())
                .addGuild(FakeGuild.builder(onShard1).build());

        startView(discord.baseUrl());

        await(
                "guilds of both shards present",
                () -> view.contains(new GuildId(onShard0)) && view.contains(new GuildId(onShard1)));
        assertThat(discord.identifiedShards()).containsExactly(0, 1);
        log.assertNone();
    }

    @Test
    void aTokenRevokedAfterTheStartIsReportedOnceAsFatalAndEmptiesTheView() {
        discord = FakeDiscord.start();
        discord.addGuild(FakeGuild.builder(GUILD).build());
        startView(discord.baseUrl());
        await("guild present", () -> view.contains(new GuildId(GUILD)));

        discord.revokeToken();

        awaitDespiteLoggedProblems("fatal failure reported", Duration.ofSeconds(10), () -> !fatalFailures.isEmpty());
        assertThat(fatalFailures).singleElement().isInstanceOf(InvalidDiscordTokenException.class);
        assertThat(fatalFailures.get(0).getMessage()).doesNotContain("\n").contains("DISCORD_TOKEN");
        assertThat(view.contains(new GuildId(GUILD))).isFalse();
        // JDA's own line about the closed gateway is the only problem logged.
        assertThat(log.problems())
                .allSatisfy(line -> assertThat(line).contains("cannot be recovered due to identification issues"));
    }

    @Test
    void aServerMembersIntentNotEnabledInThePortalIsReportedAsFatalWithTheFix() {
        discord = FakeDiscord.start();
        discord.addGuild(FakeGuild.builder(GUILD).build());
        discord.disallowMembersIntent();

        startView(discord.baseUrl());

        awaitDespiteLoggedProblems("fatal failure reported", Duration.ofSeconds(10), () -> !fatalFailures.isEmpty());
        assertThat(fatalFailures).singleElement().isNotInstanceOf(InvalidDiscordTokenException.class);
        assertThat(fatalFailures.get(0).getMessage())
                .doesNotContain("\n")
                .contains("Server Members intent")
                .contains("developer portal");
        assertThat(view.contains(new GuildId(GUILD))).isFalse();
    }

    /** A guild id that Discord's rule {@code (id >> 22) % shards} puts on {@code shard}. */
    private static long shardGuild(int shard, int shards) {
        long id = 100_000_000_000_000_000L;
        while ((id >>> 22) % shards != shard) {
            id += 1L << 22;
        }
        return id;
    }

    private List<String> unreachableLines() {
        return log.warnings().stream()
                .filter(line -> line.contains("Discord unreachable"))
                .toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
