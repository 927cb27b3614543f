package com.communitybot.core.view;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.Member;
import com.communitybot.core.model.UserId;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class GuildMembersTest {

    private static final long GUILD = 100_000_000_000_000_001L;
    private static final long ALICE = 300_000_000_000_000_001L;
    private static final long BOB = 300_000_000_000_000_002L;
    private static final String HASH = "0123456789abcdef0123456789abcdef";

    private final GuildMembers members = new GuildMembers(GUILD);

    private static DiscordMember plain(long id, String username) {
        return new DiscordMember(id, username, null, null, null, null, DiscordCdn.defaultAvatarIndex(id, 0));
    }

    private Member member(long id) {
        return members.member(new UserId(id)).orElseThrow();
    }

    @Test
    void theNameShownIsTheNicknameElseTheGlobalNameElseTheUserName() {
        members.put(new DiscordMember(ALICE, "alice", "Alice A", "Ally", null, null, 0));
        members.put(new DiscordMember(BOB, "bob", "Bobby", null, null, null, 0));
        members.put(plain(3, "carol"));

        assertThat(member(ALICE).displayName()).isEqualTo("Ally");
        assertThat(member(BOB).displayName()).isEqualTo("Bobby");
        assertThat(member(3).displayName()).isEqualTo("carol");
    }

    @Test
    void theAvatarShownIsTheGuildAvatarElseTheUsersElseTheDefault() {
        members.put(new DiscordMember(ALICE, "alice", null, null, HASH, "a_" + HASH, 0));
        members.put(new DiscordMember(BOB, "bob", null, null, HASH, null, 0));
        members.put(new DiscordMember(3, "carol", null, null, null, null, 4));

        assertThat(member(ALICE).avatarUrl())
                .isEqualTo("https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE + "/avatars/a_" + HASH
                        + ".webp?animated=true");
        assertThat(member(BOB).avatarUrl())
                .isEqualTo("https://cdn.discordapp.com/avatars/" + BOB + "/" + HASH + ".png");
        assertThat(member(3).avatarUrl()).isEqualTo("https://cdn.discordapp.com/embed/avatars/4.png");
    }

    @Test
    void hashesThatAreNotDiscordsCanonicalHexAreKeptAsText() {
        members.put(new DiscordMember(ALICE, "alice", null, null, "b0b", null, 0));
        members.put(new DiscordMember(BOB, "bob", null, null, null, "a_" + HASH.toUpperCase(), 0));

        assertThat(member(ALICE).avatarUrl()).isEqualTo("https://cdn.discordapp.com/avatars/" + ALICE + "/b0b.png");
        assertThat(member(BOB).avatarUrl())
                .isEqualTo("https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + BOB + "/avatars/a_"
                        + HASH.toUpperCase() + ".webp?animated=true");
    }

    @Test
    void urlsAreReturnedExactlyAsPut_whetherPackedOrNot() {
        List<String> urls = List.of(
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/a_" + HASH + ".webp?animated=true",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/a_" + HASH + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".gif",
                "https://cdn.discordapp.com/avatars/" + BOB + "/" + HASH + ".png",
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE + "/avatars/" + HASH + ".png",
                "https://cdn.discordapp.com/guilds/1/users/" + ALICE + "/avatars/" + HASH + ".png",
                "https://cdn.discordapp.com/embed/avatars/3.png",
                "https://cdn.discordapp.com/embed/avatars/03.png",
                "https://cdn.discordapp.com/embed/avatars/\u0663.png",
                "https://cdn.discordapp.com/embed/avatars/3.png?size=64",
                "https://cdn.discordapp.com/avatars/0" + ALICE + "/" + HASH + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "0/" + HASH + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH.toUpperCase(Locale.ROOT) + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".webp?animated=true",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + "0.png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".png?size=64",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/a_" + HASH,
                "https://cdn.discordapp.com/avatars/" + ALICE,
                "https://cdn.discordapp.com/avatars/" + ALICE + "/",
                "https://cdn.discordapp.com/avatars/",
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE + "/avatars/a_" + HASH
                        + ".webp?animated=true",
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE + "/" + HASH + ".png",
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/0" + ALICE + "/avatars/" + HASH + ".png",
                "https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + ALICE,
                "https://cdn.discordapp.com/guilds/" + GUILD,
                "https://cdn.discordapp.com/",
                "http://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH + ".png",
                "https://cdn.example/a.png",
                "",
                "ünïcödé ✓");
        for (String url : urls) {
            members.put(ALICE, "Alice", url);
            assertThat(member(ALICE)).isEqualTo(new Member(new UserId(ALICE), "Alice", url));
        }
    }

    @Test
    void urlsOfIdsPastTheSignedRange_andOfTheSmallestIds_areReturnedExactlyAsPut() {
        for (long guild : new long[] {-1L, 0L, 1L, Long.MIN_VALUE}) {
            GuildMembers view = new GuildMembers(guild);
            for (long user : new long[] {-1L, -2L, 0L, 9L, 10L, Long.MAX_VALUE, Long.MIN_VALUE}) {
                String g = Long.toUnsignedString(guild);
                String u = Long.toUnsignedString(user);
                for (String url : List.of(
                        "https://cdn.discordapp.com/avatars/" + u + "/" + HASH + ".png",
                        "https://cdn.discordapp.com/guilds/" + g + "/users/" + u + "/avatars/a_" + HASH
                                + ".webp?animated=true",
                        "https://cdn.discordapp.com/avatars/" + Long.toUnsignedString(user + 1) + "/" + HASH + ".png",
                        "https://cdn.discordapp.com/guilds/" + Long.toUnsignedString(guild - 1) + "/users/" + u
                                + "/avatars/" + HASH + ".png")) {
                    view.put(user, "X", url);
                    assertThat(view.member(new UserId(user))).contains(new Member(new UserId(user), "X", url));
                }
            }
        }
    }

    @Test
    void anUpdateReplacesNameAndAvatar_andALeaveRemovesTheMember() {
        members.put(plain(ALICE, "alice"));
        members.put(plain(BOB, "bob"));

        members.put(new DiscordMember(ALICE, "alice", null, "Nick", HASH, null, 0));
        assertThat(member(ALICE).displayName()).isEqualTo("Nick");
        assertThat(member(ALICE).avatarUrl()).endsWith("/avatars/" + ALICE + "/" + HASH + ".png");

        members.put(new DiscordMember(ALICE, "alice", null, "Nick", HASH, "a_" + HASH, 0));
        assertThat(member(ALICE).avatarUrl()).contains("/guilds/" + GUILD + "/users/" + ALICE + "/avatars/a_");

        members.remove(ALICE);
        assertThat(members.member(new UserId(ALICE))).isEmpty();
        assertThat(member(BOB).displayName()).isEqualTo("bob");
        assertThat(members.size()).isEqualTo(1);
        members.remove(ALICE); // not a member: nothing
        assertThat(members.size()).isEqualTo(1);
    }

    @Test
    void manyJoinsUpdatesAndLeavesGiveTheSameAnswersAsAMap() {
        Random random = new Random(14);
        Map<Long, Member> expected = new HashMap<>();
        for (int step = 0; step < 200_000; step++) {
            long id = 1 + random.nextInt(5_000) * 4_194_304L; // ids that differ in their high bits only
            if (random.nextInt(4) == 0) {
                members.remove(id);
                expected.remove(id);
            } else {
                String name = "name-" + random.nextInt(50) + "-ü".repeat(random.nextInt(3));
                String hash = String.format("%032x", random.nextLong() & Long.MAX_VALUE);
                String url =
                        switch (random.nextInt(3)) {
                            case 0 -> "https://cdn.discordapp.com/avatars/" + id + "/" + hash + ".png";
                            case 1 -> "https://cdn.discordapp.com/embed/avatars/" + random.nextInt(6) + ".png";
                            default -> "https://cdn.example/" + random.nextInt(100);
                        };
                members.put(id, name, url);
                expected.put(id, new Member(new UserId(id), name, url));
            }
            if (step % 50_000 == 49_999) {
                members.trim(); // as when a view publishes the guild; it grows again afterwards
            }
        }
        assertThat(members.size()).isEqualTo(expected.size());
        for (int i = 0; i < 5_000; i++) {
            long id = 1 + i * 4_194_304L;
            assertThat(members.member(new UserId(id))).isEqualTo(java.util.Optional.ofNullable(expected.get(id)));
        }
    }

    @Test
    void readersRunningBesideAWriterSeeEachMemberWhole() throws InterruptedException {
        for (long id = 1; id <= 1_000; id++) {
            members.put(id, "n" + id, "https://cdn.example/" + id);
        }
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Member> torn = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            while (!stop.get()) {
                for (long id = 1; id <= 1_000; id++) {
                    Member m = members.member(new UserId(id)).orElseThrow();
                    String suffix = m.displayName().substring(1);
                    if (!m.avatarUrl().endsWith("/" + suffix)) {
                        torn.set(m);
                    }
                }
            }
        });
        reader.start();
        for (int round = 0; round < 200; round++) {
            for (long id = 1; id <= 1_000; id++) {
                String value = id + "-" + round;
                members.put(id, "n" + value, "https://cdn.example/" + value);
            }
            members.put(5_000 + round, "extra", "x"); // grows the tables now and then
        }
        stop.set(true);
        reader.join();
        assertThat(torn.get()).isNull();
    }
}
