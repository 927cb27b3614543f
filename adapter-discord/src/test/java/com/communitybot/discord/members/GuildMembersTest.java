package com.communitybot.discord.members;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.UserId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
        Member member = members.member(new UserId(id)).orElseThrow();
        assertTheBytesAreTheStrings(List.of(id));
        return member;
    }

    /**
     * The UTF-8 lookups, one at a time and batched, give the bytes of the member's strings, and tell a non-member
     * apart.
     */
    private void assertTheBytesAreTheStrings(List<Long> ids) {
        int count = ids.size();
        long[] users = new long[count];
        MemberText[] texts = new MemberText[count];
        boolean[] found = new boolean[count];
        for (int k = 0; k < count; k++) {
            users[k] = ids.get(k);
            texts[k] = new MemberText();
        }
        members.members(users, count, texts, found);
        MemberText one = new MemberText();
        for (int k = 0; k < count; k++) {
            Optional<Member> expected = members.member(new UserId(users[k]));
            assertThat(members.member(new UserId(users[k]), one)).isEqualTo(expected.isPresent());
            assertThat(found[k]).isEqualTo(expected.isPresent());
            if (expected.isPresent()) {
                for (MemberText text : List.of(one, texts[k])) {
                    assertThat(text.nameText()).isEqualTo(expected.get().displayName());
                    assertThat(text.avatarText()).isEqualTo(expected.get().avatarUrl());
                }
            }
        }
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
        members.put(new DiscordMember(3, "f", null, null, "f".repeat(32), null, 0));
        members.put(new DiscordMember(4, "g", null, null, "a_" + HASH.substring(0, 31) + "g", null, 0));

        assertThat(member(ALICE).avatarUrl()).isEqualTo("https://cdn.discordapp.com/avatars/" + ALICE + "/b0b.png");
        assertThat(member(BOB).avatarUrl())
                .isEqualTo("https://cdn.discordapp.com/guilds/" + GUILD + "/users/" + BOB + "/avatars/a_"
                        + HASH.toUpperCase() + ".webp?animated=true");
        assertThat(member(3).avatarUrl()).isEqualTo("https://cdn.discordapp.com/avatars/3/" + "f".repeat(32) + ".png");
        assertThat(member(4).avatarUrl())
                .isEqualTo("https://cdn.discordapp.com/avatars/4/a_" + HASH.substring(0, 31) + "g.webp?animated=true");
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
                // a half of 16 f's is what the hex reader answers for "not hex": such hashes stay text
                "https://cdn.discordapp.com/avatars/" + ALICE + "/ffffffffffffffff0123456789abcdef.png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/a_0123456789abcdefffffffffffffffff.gif",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + "f".repeat(32) + ".png",
                // the characters around the hex digits' ranges, in the first half and in the last digit
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH.substring(0, 31) + "g.png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH.substring(0, 31) + "`.png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/:" + HASH.substring(1) + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/" + HASH.substring(0, 5) + "/" + HASH.substring(6)
                        + ".png",
                "https://cdn.discordapp.com/avatars/" + ALICE + "/\u0660" + HASH.substring(1) + ".png",
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
                    MemberText text = new MemberText();
                    assertThat(view.member(new UserId(user), text)).isTrue();
                    assertThat(text.avatarText()).isEqualTo(url);
                }
            }
        }
    }

    @Test
    void theUtf8LookupsGiveTheBytesOfTheStrings_forEveryKindOfAvatar() {
        long high = -2L; // 18446744073709551614: above Long.MAX_VALUE
        members.put(new DiscordMember(ALICE, "alice", null, "Ally 😀 \"q\" \\ \u0001", HASH, "a_" + HASH, 0));
        members.put(new DiscordMember(BOB, "bob", "Bøb", null, "a_" + HASH, null, 0));
        members.put(new DiscordMember(3, "carol", null, null, "b0b", null, 0));
        members.put(new DiscordMember(4, "dave", null, null, null, "a_" + HASH.toUpperCase(), 0));
        members.put(new DiscordMember(5, "erin", null, null, null, "x", 0));
        members.put(new DiscordMember(high, "frank", null, null, HASH, HASH, 0));
        members.put(new DiscordMember(7, "gus", null, null, null, null, 4));
        members.put(new DiscordMember(8, "hal", null, null, null, null, -3));
        members.put(new DiscordMember(9, "ivy", null, null, null, null, Integer.MIN_VALUE));
        members.put(10, "jo", "https://cdn.example/ü.png");
        members.put(11, "", "");
        members.put(12, "k".repeat(300), "https://cdn.example/" + "u".repeat(300));

        List<Long> ids = List.of(ALICE, BOB, 3L, 4L, 5L, high, 7L, 8L, 9L, 10L, 11L, 12L, 404L, 0L);
        assertTheBytesAreTheStrings(ids);
        assertTheBytesAreTheStrings(ids.subList(0, 1));
        assertThat(member(8).avatarUrl()).isEqualTo("https://cdn.discordapp.com/embed/avatars/-3.png");
        assertThat(member(high).avatarUrl()).contains("/" + Long.toUnsignedString(high) + "/");
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
        List<Long> batch = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            long id = 1 + i * 4_194_304L;
            assertThat(members.member(new UserId(id))).isEqualTo(java.util.Optional.ofNullable(expected.get(id)));
            batch.add(id);
            if (batch.size() == 16) {
                assertTheBytesAreTheStrings(batch);
                batch.clear();
            }
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
                long[] users = new long[16];
                MemberText[] texts = new MemberText[16];
                boolean[] found = new boolean[16];
                for (int k = 0; k < 16; k++) {
                    users[k] = 1 + k * 61L;
                    texts[k] = new MemberText();
                }
                members.members(users, 16, texts, found);
                for (int k = 0; k < 16; k++) {
                    String suffix = texts[k].nameText().substring(1);
                    if (!found[k] || !texts[k].avatarText().endsWith("/" + suffix)) {
                        torn.set(new Member(new UserId(users[k]), texts[k].nameText(), texts[k].avatarText()));
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
