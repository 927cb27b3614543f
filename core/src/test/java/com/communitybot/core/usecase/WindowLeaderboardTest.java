package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.Member;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowEntry;
import com.communitybot.core.model.WindowPage;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class WindowLeaderboardTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final Instant NOW = Instant.parse("2026-03-09T00:00:00Z");
    private static final Instant WEEK_AGO = NOW.minus(Duration.ofDays(7));
    private final InMemoryLevelStore store = new InMemoryLevelStore();
    private final WindowLeaderboard board = new WindowLeaderboard(
            new InMemoryGuildView()
                    .withGuild(
                            GUILD, List.of(), List.of(new Member(new UserId(1), "Alice", "https://a.example/a.png"))),
            store,
            XpLogRetention.parse("30d"),
            Clock.fixed(NOW, ZoneOffset.UTC));

    private void gain(String user, long xp, long level, Instant at) {
        store.patch(
                GUILD,
                UserId.parse(user).orElseThrow(),
                new LevelDelta(BigInteger.valueOf(xp), BigInteger.valueOf(level)),
                LedgerWrite.at(at));
    }

    private List<WindowEntry> whole(TimeWindow window) {
        try (Stream<WindowEntry> entries = board.of(GUILD, window)) {
            return entries.toList();
        }
    }

    private List<WindowEntry> paged(TimeWindow window, int limit) {
        List<WindowEntry> pages = new ArrayList<>();
        OptionalLong after = OptionalLong.empty();
        WindowPage page;
        do {
            page = board.page(GUILD, window, limit, after);
            assertThat(page.entries().size()).isLessThanOrEqualTo(limit);
            pages.addAll(page.entries());
            after = page.next();
        } while (after.isPresent());
        return pages;
    }

    private static List<String> users(List<WindowEntry> entries) {
        return entries.stream()
                .map(e -> e.member().userId() + "@" + e.member().rank() + ":" + e.levelGained() + "/" + e.xpGained())
                .toList();
    }

    @Test
    public void ordersByLevelGained_thenXpGained_thenRecordId_leavingOutThoseWhoGainedNothing() {
        store.put(
                GUILD,
                new UserId(5),
                new LevelXp(U64.ofNonNegative(10), U64.ofNonNegative(100)),
                LedgerWrite.at(WEEK_AGO.minusSeconds(1)));
        gain("1", 10, 0, WEEK_AGO); // since is inclusive
        gain("2", 500, 0, WEEK_AGO.plusSeconds(1));
        gain("3", 1, 1, WEEK_AGO.plusSeconds(2));
        gain("4", 1, 1, WEEK_AGO.plusSeconds(3));
        gain("5", -50, 0, WEEK_AGO.plusSeconds(4)); // lost xp: left out
        gain("6", 0, 0, WEEK_AGO.plusSeconds(5)); // created at 0: no gain, left out
        gain("7", 99, 0, NOW); // at until: not in the window
        gain("10", 10, 0, WEEK_AGO.plusSeconds(6)); // ties with 1, after it by id: "12:1" < "12:10"

        List<WindowEntry> whole = whole(board.window(WEEK_AGO, Optional.empty()));

        assertThat(users(whole)).containsExactly("3@1:1/1", "4@2:1/1", "2@3:0/500", "1@4:0/10", "10@5:0/10");
        assertThat(whole.get(3).member().username()).isEqualTo("Alice");
        assertThat(whole.get(0).member().username()).isEqualTo("Unknown User");
    }

    @Test
    public void recordsThatAreNotUsers_takeARank_andAreSkipped() {
        store.botClock(Clock.fixed(NOW.minusSeconds(20), ZoneOffset.UTC));
        store.put(new com.communitybot.core.model.LevelRecord("12:abc", U64.ofNonNegative(5), U64.ZERO));
        gain("1", 1, 0, NOW.minusSeconds(10));

        List<WindowEntry> whole = whole(board.window(NOW.minusSeconds(3600), Optional.empty()));

        assertThat(users(whole)).containsExactly("1@2:0/1");
    }

    @Test
    public void pages_concatenated_areTheWholeWindow_withTheirRanks() {
        for (int i = 1; i <= 9; i++) {
            gain(String.valueOf(i), i, 0, WEEK_AGO.plusSeconds(i));
        }
        TimeWindow window = board.window(WEEK_AGO, Optional.empty());
        List<WindowEntry> whole = whole(window);

        for (int limit = 1; limit <= 10; limit++) {
            List<WindowEntry> pages = new ArrayList<>();
            OptionalLong after = OptionalLong.empty();
            WindowPage page;
            do {
                page = board.page(GUILD, window, limit, after);
                pages.addAll(page.entries());
                after = page.next();
            } while (after.isPresent());
            assertThat(pages).as("limit %d", limit).containsExactlyElementsOf(whole);
        }
    }

    @Test
    public void pagesAcrossTies_withUnrankedRecordsAmongThem_concatenated_areTheWholeWindow() {
        store.botClock(Clock.fixed(NOW.minusSeconds(20), ZoneOffset.UTC));
        for (String id : new String[] {"12:\u00e9", "12:\uD83D\uDE00", "12:\uE000", "12:z"}) {
            store.put(new com.communitybot.core.model.LevelRecord(id, U64.ofNonNegative(5), U64.ZERO));
        }
        for (int i = 1; i <= 12; i++) {
            gain(String.valueOf(i * 7), 5, 0, NOW.minusSeconds(10)); // all tie at 0/5: by id bytes
        }
        TimeWindow window = board.window(NOW.minusSeconds(3600), Optional.empty());
        List<WindowEntry> whole = whole(window);

        assertThat(whole).hasSize(12);
        assertThat(whole.get(0).member().userId())
                .isEqualTo(new UserId(14)); // "12:14" < "12:21" < ... < "12:7" < "12:77"
        assertThat(whole.get(11).member().rank()).isEqualTo(12);
        for (int limit = 1; limit <= 13; limit++) {
            assertThat(paged(window, limit)).as("limit %d", limit).containsExactlyElementsOf(whole);
        }
    }

    @Test
    public void aLargeWindow_pagedToTheEnd_isTheWholeWindow() {
        for (int i = 1; i <= 2500; i++) {
            gain(String.valueOf(i), i % 17, i % 3, NOW.minusSeconds(10));
        }
        TimeWindow window = board.window(NOW.minusSeconds(3600), Optional.empty());
        List<WindowEntry> whole = whole(window);

        // Left out: no level and no xp gained (multiples of both 3 and 17).
        assertThat(whole).hasSize(2500 - 2500 / 51);
        assertThat(whole)
                .isSortedAccordingTo((a, b) -> a.levelGained().equals(b.levelGained())
                        ? b.xpGained().compareTo(a.xpGained())
                        : b.levelGained().compareTo(a.levelGained()));
        assertThat(paged(window, 1000)).containsExactlyElementsOf(whole);
        assertThat(paged(window, 7)).containsExactlyElementsOf(whole);
        for (WindowEntry entry : List.of(whole.get(0), whole.get(1234), whole.get(whole.size() - 1))) {
            assertThat(board.entryOf(GUILD, entry.member().userId(), window)).isEqualTo(entry);
        }
    }

    @Test
    public void aMembersEntry_isTheirsInTheWholeWindow_or404() {
        gain("1", 5, 0, NOW.minusSeconds(5));
        gain("2", 9, 0, NOW.minusSeconds(5));
        gain("3", -9, 0, NOW.minusSeconds(5));
        TimeWindow window = board.window(NOW.minusSeconds(60), Optional.empty());

        assertThat(board.entryOf(GUILD, new UserId(1), window).member().rank()).isEqualTo(2);
        assertThatThrownBy(() -> board.entryOf(GUILD, new UserId(3), window))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("User not ranked");
        assertThatThrownBy(() -> board.entryOf(GUILD, new UserId(4), window)).hasMessage("User not ranked");
    }

    @Test
    public void windowsThatEndBeforeTheyStart_orStartBeforeTheRetainedHistory_areRefused() {
        assertThatThrownBy(() -> board.window(NOW, Optional.of(NOW)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid until: it must be after since");
        assertThatThrownBy(() -> board.window(NOW.minus(Duration.ofDays(31)), Optional.empty()))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid since: before the retained history");
        assertThat(board.window(NOW.minus(Duration.ofDays(30)), Optional.empty())
                        .until())
                .isEqualTo(NOW);
    }
}
