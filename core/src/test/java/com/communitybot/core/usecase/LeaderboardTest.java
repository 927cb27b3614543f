package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class LeaderboardTest {

    private static final GuildId GUILD = new GuildId(12L);
    private final InMemoryGuildView guilds = new InMemoryGuildView()
            .withGuild(
                    GUILD,
                    List.of(),
                    List.of(
                            new Member(new UserId(1), "Alice", "https://cdn.example/a.png"),
                            new Member(new UserId(2), "Bob", "https://cdn.example/b.png")));
    private final InMemoryLevelStore levels = new InMemoryLevelStore();

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    private List<LeaderboardEntry> leaderboard(LevelStore store) {
        try (Stream<LeaderboardEntry> entries = new Leaderboard(guilds, store).of(GUILD)) {
            return entries.toList();
        }
    }

    @Test
    void givenNoRecords_isEmpty() {
        assertThat(leaderboard(levels)).isEmpty();
    }

    @Test
    void ranksByLevelThenXp_withMemberDataFromTheLiveView() {
        levels.put(record("12:1", 10, 2), record("12:2", 500, 1), record("12:3", 20, 2));

        assertThat(leaderboard(levels))
                .containsExactly(
                        new LeaderboardEntry(
                                new UserId(3), "Unknown User", "", U64.ofNonNegative(2), U64.ofNonNegative(20), 1),
                        new LeaderboardEntry(
                                new UserId(1),
                                "Alice",
                                "https://cdn.example/a.png",
                                U64.ofNonNegative(2),
                                U64.ofNonNegative(10),
                                2),
                        new LeaderboardEntry(
                                new UserId(2),
                                "Bob",
                                "https://cdn.example/b.png",
                                U64.ofNonNegative(1),
                                U64.ofNonNegative(500),
                                3));
    }

    @Test
    void aGuildThatLeavesTheViewWhileItsLeaderboardIsWritten_keepsEveryNameInIt() {
        levels.put(record("12:1", 10, 2), record("12:2", 500, 1));

        try (Stream<LeaderboardEntry> entries = new Leaderboard(guilds, levels).of(GUILD)) {
            Iterator<LeaderboardEntry> written = entries.iterator();
            LeaderboardEntry first = written.next();
            // The guild's shard loses its session after the first entry went out with a 200.
            guilds.withoutGuild(GUILD);
            LeaderboardEntry second = written.next();

            assertThat(List.of(first.username(), second.username())).containsExactly("Alice", "Bob");
        }
    }

    @Test
    void rankIsKeptWhenAnEarlierRecordIsSkipped() {
        levels.put(
                record("12:0", 0, 9),
                record("12:abc", 0, 8),
                record("12:-5", 0, 7),
                record("12:1", 0, 6),
                record("12:", 0, 5),
                record("12:9:2", 0, 4),
                record("12:+7", 0, 3),
                record("12:1.0", 0, 2));

        assertThat(leaderboard(levels))
                .extracting(e -> e.userId().toString() + "#" + e.rank())
                .containsExactly("1#4", "2#6", "7#7");
    }

    @Test
    void userIdIsTheTextAfterTheLastColon() {
        levels.put(record("12:5:6", 0, 1));

        assertThat(leaderboard(levels)).extracting(LeaderboardEntry::userId).containsExactly(new UserId(6));
    }

    @Test
    void onlyRecordsOfTheGuildCount_evenWhenAnotherGuildIdStartsWithIt() {
        levels.put(record("123:1", 0, 99), record("12:2", 0, 1), record("1:3", 0, 99));

        assertThat(leaderboard(levels))
                .extracting(LeaderboardEntry::rank, e -> e.userId().value())
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1L, 2L));
    }

    @Test
    void equalLevelAndXpAreRankedByRecordId() {
        levels.put(record("12:9", 5, 5), record("12:10", 5, 5), record("12:100", 5, 5));

        assertThat(leaderboard(levels)).extracting(e -> e.userId().value()).containsExactly(10L, 100L, 9L);
    }

    @Test
    void largestValuesSurviveExactly() {
        levels.put(new LevelRecord("12:18446744073709551615", U64.MAX, U64.MAX));

        LeaderboardEntry entry = leaderboard(levels).get(0);
        assertThat(entry.userId().toString()).isEqualTo("18446744073709551615");
        assertThat(entry.level().toString()).isEqualTo("18446744073709551615");
        assertThat(entry.xp().toString()).isEqualTo("18446744073709551615");
    }

    @Test
    void aGuildTheBotIsNotIn_isNotFound_beforeTheStoreIsAsked() {
        LevelStore failing = FailingStores.levels(FailingStores.unreachable());

        assertThatThrownBy(() -> new Leaderboard(guilds, failing).of(new GuildId(13L)))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
    }

    @Test
    void aFailingStore_isADatabaseQueryFailure() {
        assertThatThrownBy(() -> leaderboard(FailingStores.levels(FailingStores.unreachable())))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
    }

    @Test
    void aRecordThatCannotBeRead_isAParseFailure_evenMidStream() {
        LevelStore store = guild -> Stream.<LevelRecord>generate(() -> {
            throw StoreException.unreadable("level is not a number", null);
        });

        assertThatThrownBy(() -> leaderboard(store))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Failed to parse database response");
    }

    @Test
    void aStoreFailureMidStream_isADatabaseQueryFailure() {
        LevelStore store = guild -> Stream.of(1, 2).map(i -> {
            if (i == 2) {
                throw new StoreException("connection lost", null);
            }
            return record("12:1", 0, 0);
        });

        assertThatThrownBy(() -> leaderboard(store))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
    }

    @Test
    void closingTheLeaderboard_closesTheStoreStream() {
        AtomicBoolean closed = new AtomicBoolean();
        LevelStore store = guild -> Stream.of(record("12:1", 0, 0)).onClose(() -> closed.set(true));

        leaderboard(store);

        assertThat(closed).isTrue();
    }

    @Test
    void recordsAreReadOnlyAsTheyAreConsumed() {
        int[] read = {0};
        LevelStore store =
                guild -> Stream.iterate(1, i -> i + 1).peek(i -> read[0]++).map(i -> record("12:" + i, 0, 0));

        try (Stream<LeaderboardEntry> entries = new Leaderboard(guilds, store).of(GUILD)) {
            assertThat(entries.limit(3).toList()).hasSize(3);
        }
        assertThat(read[0]).isLessThanOrEqualTo(4);
    }
}
