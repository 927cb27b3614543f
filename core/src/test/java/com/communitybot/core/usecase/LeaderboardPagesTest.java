package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LeaderboardCursor;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LeaderboardPage;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Pages of the leaderboard and one member's entry, checked against the whole leaderboard they are part of. */
class LeaderboardPagesTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final GuildId ABSENT = new GuildId(13L);
    private final InMemoryGuildView guilds = new InMemoryGuildView()
            .withGuild(GUILD, List.of(), List.of(new Member(new UserId(1), "Alice", "https://cdn.example/a.png")))
            .withGuild(new GuildId(99L), List.of(), List.of());
    private final InMemoryLevelStore levels = new InMemoryLevelStore();
    private final Leaderboard leaderboard = new Leaderboard(guilds, levels);

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    private List<LeaderboardEntry> whole() {
        try (Stream<LeaderboardEntry> entries = leaderboard.of(GUILD)) {
            return entries.toList();
        }
    }

    private List<LeaderboardPage> allPages(int limit) {
        List<LeaderboardPage> pages = new ArrayList<>();
        Optional<LeaderboardCursor> after = Optional.empty();
        do {
            LeaderboardPage page = leaderboard.page(GUILD, limit, after);
            pages.add(page);
            after = page.next();
        } while (after.isPresent());
        return pages;
    }

    /** Ties on level and xp, unranked records among and between the pages, and both u64 maxima. */
    private void storeAMixedGuild() {
        levels.put(
                record("12:1", 50, 3),
                record("12:2", 50, 3),
                record("12:3", 50, 3),
                record("12:x", 50, 3),
                record("12:0", 40, 3),
                record("12:4", 40, 3),
                record("12:5", 10, 1),
                new LevelRecord("12:6", U64.MAX, U64.MAX),
                record("12:-7", 5, 1),
                record("12:8", 0, 0),
                record("12:9", 0, 0),
                record("13:1", 99, 99));
    }

    @Test
    void pagesOfEverySize_concatenated_areTheWholeLeaderboard() {
        storeAMixedGuild();
        List<LeaderboardEntry> whole = whole();
        assertThat(whole).hasSize(8);

        for (int limit = 1; limit <= 10; limit++) {
            List<LeaderboardPage> pages = allPages(limit);
            assertThat(pages.stream().flatMap(p -> p.entries().stream()))
                    .as("pages of %d", limit)
                    .containsExactlyElementsOf(whole);
            assertThat(pages).hasSize(Math.max(1, (whole.size() + limit - 1) / limit));
            assertThat(pages.get(pages.size() - 1).next()).isEmpty();
            int size = limit;
            pages.subList(0, pages.size() - 1)
                    .forEach(p -> assertThat(p.entries()).hasSize(size));
        }
    }

    @Test
    void aPage_givesAbsoluteRanksWithTheSpecsGaps_andACursorAtItsLastEntry() {
        storeAMixedGuild();

        LeaderboardPage first = leaderboard.page(GUILD, 3, Optional.empty());
        assertThat(first.entries())
                .extracting(e -> e.userId().toString(), LeaderboardEntry::rank)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("6", 1L),
                        org.assertj.core.groups.Tuple.tuple("1", 2L),
                        org.assertj.core.groups.Tuple.tuple("2", 3L));
        assertThat(first.next()).contains(new LeaderboardCursor(GUILD, record("12:2", 50, 3), 3));

        LeaderboardPage second = leaderboard.page(GUILD, 3, first.next());
        // 12:x (rank 5) and 12:0 (rank 6) are not users: the gaps stay.
        assertThat(second.entries())
                .extracting(e -> e.userId().toString(), LeaderboardEntry::rank)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("3", 4L),
                        org.assertj.core.groups.Tuple.tuple("4", 7L),
                        org.assertj.core.groups.Tuple.tuple("5", 8L));
        assertThat(second.entries().get(0).username()).isEqualTo("Unknown User");
    }

    @Test
    void aPageThatEndsTheLeaderboardExactly_hasNoNext() {
        levels.put(record("12:1", 2, 1), record("12:2", 1, 1));

        assertThat(leaderboard.page(GUILD, 2, Optional.empty()).next()).isEmpty();
        assertThat(leaderboard.page(GUILD, 1, Optional.empty()).next()).isPresent();
    }

    @Test
    void noRecords_isOneEmptyPage() {
        LeaderboardPage page = leaderboard.page(GUILD, 5, Optional.empty());

        assertThat(page.entries()).isEmpty();
        assertThat(page.next()).isEmpty();
    }

    @Test
    void writesBetweenPages_neverRepeatAUser_andRanksKeepGrowing() {
        for (int user = 1; user <= 40; user++) {
            levels.put(record("12:" + user, 1000 - user, user % 4));
        }
        Set<UserId> seen = new HashSet<>();
        long lastRank = 0;
        Optional<LeaderboardCursor> after = Optional.empty();
        int round = 0;
        do {
            LeaderboardPage page = leaderboard.page(GUILD, 7, after);
            for (LeaderboardEntry entry : page.entries()) {
                assertThat(seen.add(entry.userId()))
                        .as("user %s given twice", entry.userId())
                        .isTrue();
                assertThat(entry.rank()).isGreaterThan(lastRank);
                lastRank = entry.rank();
            }
            after = page.next();
            // The bot writes: a member climbs to the top, another joins at the bottom, one leaves.
            round++;
            levels.put(record("12:" + (100 + round), 0, 0), record("12:" + round, 5000, 9));
        } while (after.isPresent());
        assertThat(seen).hasSizeGreaterThan(30);
    }

    @Test
    void aCursorOfAnotherGuild_isRefusedBeforeThePresenceCheck() {
        LeaderboardCursor ofAnother = new LeaderboardCursor(new GuildId(99L), record("99:1", 1, 1), 1);

        assertThatThrownBy(() -> leaderboard.page(ABSENT, 5, Optional.of(ofAnother)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid after: the cursor is of another guild's leaderboard");
    }

    @Test
    void aLimitOutOfRange_isRefusedBeforeThePresenceCheck() {
        for (int limit : new int[] {0, -1, 1001, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> leaderboard.page(ABSENT, limit, Optional.empty()))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("Invalid limit: must be an integer from 1 to 1000");
        }
        assertThat(leaderboard.page(GUILD, 1000, Optional.empty()).entries()).isEmpty();
    }

    @Test
    void aGuildTheBotIsNotIn_is404() {
        assertThatThrownBy(() -> leaderboard.page(ABSENT, 5, Optional.empty()))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
        assertThatThrownBy(() -> leaderboard.entryOf(ABSENT, new UserId(1)))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
    }

    @Test
    void aMembersEntry_isTheirEntryOfTheWholeLeaderboard() {
        storeAMixedGuild();

        for (LeaderboardEntry entry : whole()) {
            assertThat(leaderboard.entryOf(GUILD, entry.userId())).isEqualTo(entry);
        }
    }

    @Test
    void aUserWithoutARankedRecord_isNotRanked() {
        storeAMixedGuild();

        for (long user : new long[] {0, 7, 10, 1L << 40}) {
            assertThatThrownBy(() -> leaderboard.entryOf(GUILD, new UserId(user)))
                    .as("user %d", user)
                    .isInstanceOf(NotFoundException.class)
                    .hasMessage("User not ranked");
        }
    }

    @Test
    void aStoreFailure_isTheSpecsQueryFailure() {
        LevelStore failing = guild -> {
            throw new StoreException("down", null);
        };
        Leaderboard broken = new Leaderboard(guilds, failing);

        assertThatThrownBy(() -> broken.page(GUILD, 5, Optional.empty()))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
        assertThatThrownBy(() -> broken.entryOf(GUILD, new UserId(1)))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
    }
}
