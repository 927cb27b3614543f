package com.communitybot.discord;

import static com.communitybot.discord.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.UserId;
import com.communitybot.discord.fake.FakeDiscord;
import com.communitybot.discord.fake.FakeGuild;
import com.communitybot.discord.fake.FakeMember;
import com.communitybot.discord.fake.FakeRole;
import com.communitybot.discord.fake.LoggedProblems;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;
import net.dv8tion.jda.api.utils.DiscordAssets;
import net.dv8tion.jda.api.utils.ImageFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The live view through the real JDA client, against the fake Discord on loopback. */
class DiscordGuildViewTest {

    private static final long GUILD = 100_000_000_000_000_001L;
    private static final long OTHER_GUILD = 100_000_000_000_000_002L;
    private static final long NOT_JOINED = 100_000_000_000_000_099L;
    private static final long LEVEL_5 = 200_000_000_000_000_005L;
    private static final long PLAIN = 200_000_000_000_000_006L;
    private static final long ALICE = 300_000_000_000_000_001L;
    private static final long BOB = 300_000_000_000_000_002L;
    private static final long CAROL = 300_000_000_000_000_003L;
    private static final long DAVE = 300_000_000_000_000_004L;
    private static final long STRANGER = 300_000_000_000_000_099L;

    /** Short waits: the fake is local, and a test must not sit out the production back-off. */
    private static final Backoff FAST = new Backoff(Duration.ofMillis(200), Duration.ofMillis(800));

    private final LoggedProblems problems = LoggedProblems.recorder();
    private final List<FatalDiscordException> fatalFailures = new CopyOnWriteArrayList<>();
    private FakeDiscord discord;
    private DiscordGuildView view;

    @BeforeEach
    void startFake() {
        problems.clear();
        discord = FakeDiscord.start();
    }

    @AfterEach
    void stopAll() {
        if (view != null) {
            view.close();
        }
        discord.close();
        problems.assertNone();
        assertThat(fatalFailures).isEmpty();
    }

    private DiscordGuildView startView() {
        view = DiscordGuildView.start(DiscordSettings.of(discord.token(), discord.baseUrl()), fatalFailures::add, FAST);
        return view;
    }

    private static GuildId guild(long id) {
        return new GuildId(id);
    }

    private static UserId user(long id) {
        return new UserId(id);
    }

    @Test
    void guildsOfTheBotArePresentAndOthersAreNot() {
        discord.addGuild(FakeGuild.builder(GUILD).build())
                .addGuild(FakeGuild.builder(OTHER_GUILD).build());

        startView();

        await("both guilds present", () -> view.contains(guild(GUILD)) && view.contains(guild(OTHER_GUILD)));
        assertThat(view.contains(guild(NOT_JOINED))).isFalse();
        assertThat(view.roles(guild(NOT_JOINED))).isEmpty();
        assertThat(view.member(guild(NOT_JOINED), user(ALICE))).isEmpty();
    }

    @Test
    void aGuildWhoseDataHasNotArrivedIsNotPresentUntilItDoes() {
        discord.addGuild(FakeGuild.builder(GUILD).build())
                .addGuild(FakeGuild.builder(OTHER_GUILD).build());
        discord.makeUnavailable(OTHER_GUILD); // READY lists it as unavailable, and no GUILD_CREATE follows yet

        startView();

        await("the available guild present", () -> view.contains(guild(GUILD)));
        assertThat(view.contains(guild(OTHER_GUILD))).isFalse();
        assertThat(view.roles(guild(OTHER_GUILD))).isEmpty();

        discord.makeAvailable(OTHER_GUILD);
        await("the late guild present", () -> view.contains(guild(OTHER_GUILD)));
    }

    @Test
    void theBotAsksForGuildsAndMembersOnlyAndLogsInWithTheRestCallsItNeeds() {
        discord.addGuild(FakeGuild.builder(GUILD).build());

        startView();

        await("guild present", () -> view.contains(guild(GUILD)));
        // GUILDS (1 << 0) and GUILD_MEMBERS (1 << 1): no presences, voice states, expressions or messages.
        assertThat(discord.identifyIntents()).containsExactly(0b11L);
        assertThat(discord.restRequests())
                .containsOnly("GET /api/v10/gateway/bot", "GET /api/v10/users/@me")
                .contains("GET /api/v10/users/@me");
    }

    @Test
    void rolesHaveDiscordsColorsWithZeroForNoneAndRawPositions() {
        discord.addGuild(FakeGuild.builder(GUILD)
                .role(new FakeRole(LEVEL_5, "Level 5", 0x3498DB, 2))
                .role(new FakeRole(PLAIN, "Plain", 0, 1))
                .build());

        startView();

        await("guild present", () -> view.contains(guild(GUILD)));
        assertThat(view.roles(guild(GUILD))).hasValueSatisfying(roles -> assertThat(roles)
                .containsExactlyInAnyOrder(
                        new Role(new RoleId(GUILD), "@everyone", 0, 0),
                        new Role(new RoleId(LEVEL_5), "Level 5", 0x3498DB, 2),
                        new Role(new RoleId(PLAIN), "Plain", 0, 1)));
    }

    @Test
    void membersShowTheNameAndAvatarDiscordShowsInTheGuild() {
        discord.addGuild(FakeGuild.builder(GUILD)
                .member(FakeMember.of(ALICE, "alice").withGlobalName("Alice A").withNickname("Ally"))
                .member(FakeMember.of(BOB, "bob").withGlobalName("Bobby").withAvatar("b0b"))
                .member(FakeMember.of(CAROL, "carol").withAvatar("ca01").withGuildAvatar("9a1d"))
                .member(FakeMember.of(DAVE, "dave"))
                .build());

        startView();

        await("guild present", () -> view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(ALICE)))
                .contains(new Member(user(ALICE), "Ally", defaultAvatar(ALICE)));
        assertThat(view.member(guild(GUILD), user(BOB)))
                .contains(new Member(user(BOB), "Bobby", "https://cdn.discordapp.com/avatars/" + BOB + "/b0b.png"));
        assertThat(view.member(guild(GUILD), user(CAROL)))
                .contains(new Member(
                        user(CAROL),
                        "carol",
                        "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + CAROL + "/avatars/9a1d.png"));
        assertThat(view.member(guild(GUILD), user(DAVE))).contains(new Member(user(DAVE), "dave", defaultAvatar(DAVE)));
        assertThat(view.member(guild(GUILD), user(STRANGER))).isEmpty();
    }

    /** Discord's default avatar for users without a discriminator: index (id >> 22) % 6. */
    private static String defaultAvatar(long userId) {
        return "https://cdn.discordapp.com/embed/avatars/" + (userId >>> 22) % 6 + ".png";
    }

    @Test
    void aGuildLargerThanItsGuildCreateIsChunkedAndAllItsMembersAreVisible() {
        long firstMember = 400_000_000_000_000_000L;
        int memberCount = 2_500;
        discord.addGuild(FakeGuild.builder(GUILD)
                .members(firstMember, memberCount, "member")
                .membersInGuildCreate(100)
                .build());

        startView();

        await("guild present", () -> view.contains(guild(GUILD)));
        assertThat(discord.memberChunkRequests()).isEqualTo(1);
        assertThat(LongStream.range(firstMember, firstMember + memberCount)
                        .filter(id -> view.member(guild(GUILD), user(id)).isEmpty()))
                .isEmpty();
        assertThat(view.member(guild(GUILD), user(firstMember + memberCount - 1)))
                .map(Member::displayName)
                .contains("member-" + (memberCount - 1));
    }

    @Test
    void gatewayEventsChangeTheView() {
        discord.addGuild(FakeGuild.builder(GUILD)
                .role(new FakeRole(LEVEL_5, "Level 5", 0x3498DB, 1))
                .member(FakeMember.of(ALICE, "alice"))
                .build());
        startView();
        await("guild present", () -> view.contains(guild(GUILD)));

        discord.addMember(GUILD, FakeMember.of(BOB, "bob").withNickname("Bobby"));
        await("Bob joined", () -> view.member(guild(GUILD), user(BOB)).isPresent());
        assertThat(view.member(guild(GUILD), user(BOB)))
                .map(Member::displayName)
                .contains("Bobby");

        discord.removeMember(GUILD, ALICE);
        await("Alice left", () -> view.member(guild(GUILD), user(ALICE)).isEmpty());

        discord.updateRole(GUILD, new FakeRole(LEVEL_5, "Level Five", 0, 3));
        Role updated = new Role(new RoleId(LEVEL_5), "Level Five", 0, 3);
        await("role updated", () -> view.roles(guild(GUILD)).orElseThrow().contains(updated));

        discord.deleteGuild(GUILD);
        await("guild gone", () -> !view.contains(guild(GUILD)));
        assertThat(view.roles(guild(GUILD))).isEmpty();
        assertThat(view.member(guild(GUILD), user(BOB))).isEmpty();
    }

    @Test
    void aGuildInAnOutageIsNotPresentUntilItIsAvailableAgain() {
        discord.addGuild(
                FakeGuild.builder(GUILD).member(FakeMember.of(ALICE, "alice")).build());
        startView();
        await("guild present", () -> view.contains(guild(GUILD)));

        discord.makeUnavailable(GUILD);
        await("guild unavailable", () -> !view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(ALICE))).isEmpty();

        discord.makeAvailable(GUILD);
        await("guild back", () -> view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(ALICE))).isPresent();
    }

    private static final String HASH = "0123456789abcdef0123456789abcdef";
    private static final String OTHER_HASH = "fedcba9876543210fedcba9876543210";

    @Test
    void avatarUrlsAreThoseJdaBuilds_staticAndAnimated_userAndGuild() {
        discord.addGuild(FakeGuild.builder(GUILD)
                .member(FakeMember.of(ALICE, "alice").withAvatar(HASH))
                .member(FakeMember.of(BOB, "bob").withAvatar("a_" + HASH))
                .member(FakeMember.of(CAROL, "carol").withAvatar(HASH).withGuildAvatar("a_" + OTHER_HASH))
                .member(FakeMember.of(DAVE, "dave").withGuildAvatar(OTHER_HASH))
                .build());

        startView();

        await("guild present", () -> view.contains(guild(GUILD)));
        String g = Long.toUnsignedString(GUILD);
        assertThat(avatar(GUILD, ALICE))
                .isEqualTo(DiscordAssets.userAvatar(ImageFormat.PNG, Long.toUnsignedString(ALICE), HASH)
                        .getUrl());
        assertThat(avatar(GUILD, BOB))
                .isEqualTo(DiscordAssets.userAvatar(ImageFormat.ANIMATED_WEBP, Long.toUnsignedString(BOB), "a_" + HASH)
                        .getUrl());
        assertThat(avatar(GUILD, CAROL))
                .isEqualTo(DiscordAssets.memberAvatar(
                                ImageFormat.ANIMATED_WEBP, g, Long.toUnsignedString(CAROL), "a_" + OTHER_HASH)
                        .getUrl());
        assertThat(avatar(GUILD, DAVE))
                .isEqualTo(DiscordAssets.memberAvatar(ImageFormat.PNG, g, Long.toUnsignedString(DAVE), OTHER_HASH)
                        .getUrl());
    }

    private String avatar(long guildId, long userId) {
        return view.member(guild(guildId), user(userId)).orElseThrow().avatarUrl();
    }

    private String name(long guildId, long userId) {
        return view.member(guild(guildId), user(userId)).orElseThrow().displayName();
    }

    @Test
    void aMemberWhoChangesNicknameAvatarAndGuildAvatarIsShownChanged_inAGuildLoadedByChunks() {
        FakeMember alice = FakeMember.of(ALICE, "alice").withGlobalName("Alice A");
        discord.addGuild(FakeGuild.builder(GUILD)
                .member(alice)
                .members(400_000_000_000_000_000L, 1_500, "member")
                .membersInGuildCreate(10)
                .build());
        startView();
        await("guild present", () -> view.contains(guild(GUILD)));
        assertThat(name(GUILD, ALICE)).isEqualTo("Alice A");
        assertThat(avatar(GUILD, ALICE)).isEqualTo(defaultAvatar(ALICE));

        alice = alice.withNickname("Ally");
        discord.updateMember(GUILD, alice);
        await("nickname shown", () -> name(GUILD, ALICE).equals("Ally"));

        alice = alice.withAvatar(HASH);
        discord.updateMember(GUILD, alice);
        String userAvatar = "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".png";
        await("user avatar shown", () -> avatar(GUILD, ALICE).equals(userAvatar));

        alice = alice.withGuildAvatar("a_" + OTHER_HASH);
        discord.updateMember(GUILD, alice);
        String guildAvatar = "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE + "/avatars/a_"
                + OTHER_HASH + ".webp?animated=true";
        await("guild avatar shown", () -> avatar(GUILD, ALICE).equals(guildAvatar));

        alice = alice.withNickname(null).withGuildAvatar(null);
        discord.updateMember(GUILD, alice);
        await(
                "back to the global name and the user avatar",
                () -> name(GUILD, ALICE).equals("Alice A")
                        && avatar(GUILD, ALICE).equals(userAvatar));
        assertThat(name(GUILD, 400_000_000_000_000_000L + 1_499)).isEqualTo("member-1499");
    }

    @Test
    void aMemberOfTwoGuildsHasEachGuildsNicknameAndAvatar() {
        FakeMember alice = FakeMember.of(ALICE, "alice").withAvatar(HASH);
        discord.addGuild(FakeGuild.builder(GUILD)
                        .member(alice.withNickname("Ally"))
                        .build())
                .addGuild(FakeGuild.builder(OTHER_GUILD)
                        .member(alice.withNickname("Captain").withGuildAvatar(OTHER_HASH))
                        .members(400_000_000_000_000_000L, 600, "member")
                        .membersInGuildCreate(50)
                        .build());
        startView();
        await("both guilds present", () -> view.contains(guild(GUILD)) && view.contains(guild(OTHER_GUILD)));

        assertThat(view.member(guild(GUILD), user(ALICE)))
                .contains(new Member(
                        user(ALICE), "Ally", "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".png"));
        assertThat(view.member(guild(OTHER_GUILD), user(ALICE)))
                .contains(new Member(
                        user(ALICE),
                        "Captain",
                        "https://cdn.discordapp.com/guilds/" + OTHER_GUILD + "/users/" + ALICE + "/avatars/"
                                + OTHER_HASH + ".png"));

        discord.updateMember(OTHER_GUILD, alice.withNickname("Admiral").withGuildAvatar(OTHER_HASH));
        await("renamed in one guild", () -> name(OTHER_GUILD, ALICE).equals("Admiral"));
        assertThat(name(GUILD, ALICE)).isEqualTo("Ally");
        discord.removeMember(OTHER_GUILD, ALICE);
        await("left one guild", () -> view.member(guild(OTHER_GUILD), user(ALICE))
                .isEmpty());
        assertThat(name(GUILD, ALICE)).isEqualTo("Ally");
    }

    @Test
    void aGuildTheBotLeavesAndRejoinsComesBackWithItsMembersOfThen() {
        discord.addGuild(FakeGuild.builder(GUILD)
                .member(FakeMember.of(ALICE, "alice"))
                .members(400_000_000_000_000_000L, 1_200, "member")
                .membersInGuildCreate(100)
                .build());
        startView();
        await("guild present", () -> view.contains(guild(GUILD)));

        discord.deleteGuild(GUILD);
        await("guild gone", () -> !view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(ALICE))).isEmpty();

        discord.addGuild(FakeGuild.builder(GUILD)
                .member(FakeMember.of(BOB, "bob").withNickname("Bobby"))
                .members(500_000_000_000_000_000L, 1_200, "newcomer")
                .membersInGuildCreate(100)
                .build());
        await("guild back", () -> view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(ALICE))).isEmpty();
        assertThat(view.member(guild(GUILD), user(400_000_000_000_000_000L))).isEmpty();
        assertThat(name(GUILD, BOB)).isEqualTo("Bobby");
        assertThat(LongStream.range(500_000_000_000_000_000L, 500_000_000_000_000_000L + 1_200)
                        .filter(id -> view.member(guild(GUILD), user(id)).isEmpty()))
                .isEmpty();
    }

    @Test
    void aLargeGuildIsNotPresentUntilItsLastChunkHasArrived_andThenHasEveryMember() {
        long firstMember = 400_000_000_000_000_000L;
        int memberCount = 20_000;
        discord.addGuild(FakeGuild.builder(GUILD)
                .members(firstMember, memberCount, "member")
                .membersInGuildCreate(100)
                .build());

        startView();

        // Polled as fast as it goes: the first true must already have every member.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!view.contains(guild(GUILD))) {
            assertThat(System.nanoTime()).as("guild present within 20 s").isLessThan(deadline);
            Thread.onSpinWait();
        }
        assertThat(view.member(guild(GUILD), user(firstMember + memberCount - 1)))
                .map(Member::displayName)
                .contains("member-" + (memberCount - 1));
        assertThat(LongStream.range(firstMember, firstMember + memberCount)
                        .filter(id -> view.member(guild(GUILD), user(id)).isEmpty()))
                .isEmpty();
    }

    @Test
    void eventsWhileAGuildLoadsWinOverOlderChunks_andTheGuildIsPresentOnlyAfterItsLastChunk() throws Exception {
        long firstMember = 400_000_000_000_000_000L;
        long leaver = firstMember + 2_400; // in the last chunk, which is taken before the events
        long renamed = firstMember + 2_450;
        discord.holdLastMemberChunk(true);
        discord.addGuild(FakeGuild.builder(GUILD)
                        .members(firstMember, 2_500, "member")
                        .membersInGuildCreate(100)
                        .build())
                .addGuild(FakeGuild.builder(OTHER_GUILD).build());
        startView();
        await("chunks asked for", () -> discord.memberChunkRequests() == 1);
        await("the other guild present", () -> view.contains(guild(OTHER_GUILD)));

        discord.removeMember(GUILD, leaver);
        discord.updateMember(GUILD, FakeMember.of(renamed, "member-2450").withNickname("Renamed"));
        discord.addMember(GUILD, FakeMember.of(ALICE, "alice"));
        // A shard's events are handled one after the other in gateway order: once a join sent after the three
        // events is in the view, the three have been handled too.
        discord.addMember(OTHER_GUILD, FakeMember.of(BOB, "bob"));
        await("the join sent after the events", () -> view.member(guild(OTHER_GUILD), user(BOB))
                .isPresent());
        assertThat(view.contains(guild(GUILD)))
                .as("present before its last chunk")
                .isFalse();
        assertThat(view.member(guild(GUILD), user(firstMember))).isEmpty();

        discord.releaseMemberChunks();
        await("guild present", () -> view.contains(guild(GUILD)));
        assertThat(view.member(guild(GUILD), user(leaver))).isEmpty();
        assertThat(name(GUILD, renamed)).isEqualTo("Renamed");
        assertThat(name(GUILD, ALICE)).isEqualTo("alice");
        assertThat(name(GUILD, firstMember + 2_499)).isEqualTo("member-2499");
    }

    @Test
    void aRefusedTokenFailsTheStartWithOneClearLine() {
        DiscordSettings wrongToken = DiscordSettings.of("not-the-token", discord.baseUrl());

        assertThatThrownBy(() -> DiscordGuildView.start(wrongToken, fatalFailures::add, FAST))
                .isInstanceOf(InvalidDiscordTokenException.class)
                .hasMessageStartingWith("Discord refused the bot token")
                .hasMessageContaining("DISCORD_TOKEN")
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("not-the-token");
        assertThat(discord.restRequests()).containsExactly("GET /api/v10/gateway/bot");
    }
}
