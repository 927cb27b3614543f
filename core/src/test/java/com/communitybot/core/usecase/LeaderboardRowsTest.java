package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.MemberText;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.OneGuildView;
import com.communitybot.core.testing.Utf8Members;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LeaderboardRowsTest {

    private static final GuildId GUILD = new GuildId(12L);

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    /** The rows as entries, read as the JSON writer reads them. */
    private static List<LeaderboardEntry> entries(LeaderboardRows rows) {
        List<LeaderboardEntry> entries = new ArrayList<>();
        while (rows.next()) {
            MemberText member = rows.member();
            entries.add(new LeaderboardEntry(
                    new UserId(rows.userId()),
                    member.nameText(),
                    member.avatarText(),
                    rows.level(),
                    rows.xp(),
                    rows.rank()));
        }
        return entries;
    }

    /** Records of members and of others, some of them unranked, more than a batch of them. */
    private static InMemoryLevelStore levels() {
        InMemoryLevelStore levels = new InMemoryLevelStore();
        Random random = new Random(7);
        for (int i = 0; i < 300; i++) {
            levels.put(record("12:" + (1 + random.nextInt(400)), random.nextInt(50), random.nextInt(5)));
        }
        for (String user : List.of(
                "abc", "0", "000", "+", "+5", "007", "", "18446744073709551615", "18446744073709551616", "-1", "1:2")) {
            levels.put(record("12:" + user, random.nextInt(50), random.nextInt(5)));
        }
        return levels;
    }

    @Test
    void theRowsAreTheEntriesOfTheLeaderboard_namesAndAvatarsAsUtf8() {
        List<Member> members = new ArrayList<>();
        for (int user = 1; user <= 200; user++) {
            members.add(new Member(new UserId(user), "Mëmber " + user + " 😀", "https://cdn.example/" + user));
        }
        InMemoryGuildView guilds = new InMemoryGuildView().withGuild(GUILD, List.of(), members);
        Leaderboard leaderboard = new Leaderboard(guilds, levels());

        try (Stream<LeaderboardEntry> expected = leaderboard.of(GUILD);
                LeaderboardRows rows = leaderboard.rows(GUILD)) {
            assertThat(entries(rows)).containsExactlyElementsOf(expected.toList());
        }
    }

    @Test
    void theRowsAreTheEntriesOfTheLeaderboard_withMembersWrittenAsUtf8LookedUpInBatches() {
        Utf8Members members = new Utf8Members();
        for (int user = 1; user <= 200; user++) {
            members.put(user, "Member " + user, "https://cdn.discordapp.com/embed/avatars/" + user % 6 + ".png");
        }
        GuildView guilds = new OneGuildView(GUILD, members);
        Leaderboard leaderboard = new Leaderboard(guilds, levels());

        try (Stream<LeaderboardEntry> expected = leaderboard.of(GUILD);
                LeaderboardRows rows = leaderboard.rows(GUILD)) {
            List<LeaderboardEntry> entries = entries(rows);
            assertThat(entries).containsExactlyElementsOf(expected.toList());
            assertThat(entries).extracting(LeaderboardEntry::username).contains("Member 9", "Unknown User");
        }
    }

    @Test
    void aStoreFailureReadAhead_isThrownAfterTheEntriesBeforeIt() {
        LevelStore store = guild -> Stream.iterate(1, i -> i + 1).map(i -> {
            if (i == 21) {
                throw new StoreException("connection lost", null);
            }
            return record("12:" + i, 0, 0);
        });
        InMemoryGuildView guilds = new InMemoryGuildView().withGuild(GUILD);

        try (LeaderboardRows rows = new Leaderboard(guilds, store).rows(GUILD)) {
            for (int i = 1; i <= 20; i++) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.rank()).isEqualTo(i);
                assertThat(rows.member().nameText()).isEqualTo(LeaderboardEntry.UNKNOWN_USER);
                assertThat(rows.member().avatarLength()).isZero();
            }
            assertThatThrownBy(rows::next)
                    .isInstanceOf(DatabaseErrorException.class)
                    .hasMessage("Database query failed");
        }
    }

    @Test
    void closingTheRows_closesTheStoreStream() {
        AtomicBoolean closed = new AtomicBoolean();
        LevelStore store = guild -> Stream.of(record("12:1", 0, 0)).onClose(() -> closed.set(true));

        try (LeaderboardRows rows = new Leaderboard(new InMemoryGuildView().withGuild(GUILD), store).rows(GUILD)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.next()).isFalse();
        }

        assertThat(closed).isTrue();
    }

    @Test
    void theRankedUserParsedInPlace_isTheRankedUserOfTheRule() {
        List<String> users = new ArrayList<>(List.of(
                "",
                "+",
                "++1",
                "+0",
                "+1",
                "0",
                "00",
                "007",
                "1",
                "9",
                "10",
                "-1",
                " 1",
                "1 ",
                "1a",
                "a1",
                "١",
                "18446744073709551615",
                "018446744073709551615",
                "+18446744073709551615",
                "18446744073709551616",
                "18446744073709551620",
                "28446744073709551615",
                "99999999999999999999",
                "184467440737095516150",
                "9223372036854775807",
                "9223372036854775808",
                "0".repeat(30) + "5",
                "1".repeat(21),
                "1:2",
                ":5"));
        Random random = new Random(3);
        for (int i = 0; i < 2_000; i++) {
            users.add(Long.toUnsignedString(random.nextLong()));
            users.add("0".repeat(random.nextInt(3)) + Long.toUnsignedString(random.nextLong() >>> random.nextInt(64)));
        }
        for (String user : users) {
            for (String id : List.of("12:" + user, user, "a:b:" + user)) {
                LevelRecord record = record(id, 0, 0);
                long expected = rankedByTheSpec(id.substring(id.lastIndexOf(':') + 1));
                assertThat(LeaderboardRanking.rankedUserBits(record)).as(id).isEqualTo(expected);
                assertThat(LeaderboardRanking.rankedUser(record).map(UserId::value))
                        .as(id)
                        .isEqualTo(expected == 0 ? Optional.empty() : Optional.of(expected));
            }
        }
    }

    /** Spec 4.2 rule 4, read independently: a positive integer of at most 2^64 - 1, an optional +; else 0. */
    private static long rankedByTheSpec(String userPart) {
        if (!userPart.matches("\\+?[0-9]+")) {
            return 0;
        }
        BigInteger value = new BigInteger(userPart.replace("+", ""));
        return value.signum() > 0 && value.bitLength() <= 64 ? value.longValue() : 0;
    }
}
