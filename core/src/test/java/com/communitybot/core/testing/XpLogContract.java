package com.communitybot.core.testing;

import static com.communitybot.core.testing.LedgerFixtures.ALICE;
import static com.communitybot.core.testing.LedgerFixtures.BOB;
import static com.communitybot.core.testing.LedgerFixtures.GUILD;
import static com.communitybot.core.testing.LedgerFixtures.LONGER;
import static com.communitybot.core.testing.LedgerFixtures.T0;
import static com.communitybot.core.testing.LedgerFixtures.TEN;
import static com.communitybot.core.testing.LedgerFixtures.at;
import static com.communitybot.core.testing.LedgerFixtures.because;
import static com.communitybot.core.testing.LedgerFixtures.levelXp;
import static com.communitybot.core.testing.LedgerFixtures.record;
import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.PlacedGain;
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.core.usecase.WindowOrder;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link XpLog} must do; each store's test extends this class. Events come from the service's writes
 * ({@link LevelLedger}, at the times the tests give) and from the bot's, through {@link #botWrites} and {@link
 * #botRemoves}, which write the store as the bot does (plain SQL for a database) and are logged at the store's
 * own time.
 */
public abstract class XpLogContract {

    /** The log under test, empty at the start of each test. */
    protected abstract XpLog log();

    /** The ledger of the same store. */
    protected abstract LevelLedger ledger();

    /** Creates or replaces records the way the bot process does, straight into the store. */
    protected abstract void botWrites(LevelRecord... records);

    /** Removes a record the way the bot process does. */
    protected abstract void botRemoves(String id);

    private List<XpEvent> all(com.communitybot.core.model.GuildId guild) {
        return log().eventsOfGuild(guild, XpLogFilter.ALL, OptionalLong.empty(), 1000);
    }

    /** The window's gains from position {@code after + 1}, read to the end. */
    private List<WindowGain> gains(TimeWindow window, long after) {
        try (Stream<WindowGain> gains = log().gainsIn(GUILD, window, after, Long.MAX_VALUE)) {
            return gains.toList();
        }
    }

    /** The same, for a caller that expects to read {@code expected} of them (a page), read to the end. */
    private List<WindowGain> gains(TimeWindow window, long after, long expected) {
        try (Stream<WindowGain> gains = log().gainsIn(GUILD, window, after, expected)) {
            return gains.toList();
        }
    }

    /** A window around now, which the bot's writes (logged at the store's own clock) fall into. */
    private static TimeWindow aroundNow() {
        Instant now = Instant.now();
        return new TimeWindow(now.minusSeconds(3600), now.plusSeconds(3600));
    }

    private static WindowGain gain(String id, long level, long xp, Optional<LevelXp> current) {
        return new WindowGain(id, BigInteger.valueOf(level), BigInteger.valueOf(xp), current);
    }

    private static LevelDelta delta(long xp, long level) {
        return new LevelDelta(BigInteger.valueOf(xp), BigInteger.valueOf(level));
    }

    private static XpLogFilter filter(Instant since, Instant until, XpSource source) {
        return new XpLogFilter(Optional.ofNullable(since), Optional.ofNullable(until), Optional.ofNullable(source));
    }

    @Test
    public void givenNoEvents_everyReadIsEmpty() {
        assertThat(all(GUILD)).isEmpty();
        assertThat(log().eventsOfMember(GUILD, ALICE, OptionalLong.empty(), 10)).isEmpty();
        assertThat(gains(new TimeWindow(T0, T0.plusSeconds(1)), 0)).isEmpty();
        assertThat(log().placeOf(GUILD, new TimeWindow(T0, T0.plusSeconds(1)), "12:1"))
                .isEmpty();
    }

    @Test
    public void theServicesWrites_areLogged_withBeforeAfterReasonAndTime() {
        ledger().put(GUILD, ALICE, levelXp(2, 20), because("welcome", T0));
        ledger().patch(GUILD, ALICE, delta(5, 1), at(T0.plusMillis(1)));
        ledger().remove(GUILD, ALICE, because("left", T0.plusMillis(2)));

        List<XpEvent> events = all(GUILD);

        assertThat(events).hasSize(3);
        XpEvent removed = events.get(0);
        XpEvent patched = events.get(1);
        XpEvent created = events.get(2);
        assertThat(created.recordId()).isEqualTo("12:1");
        assertThat(created.userPart()).isEqualTo("1");
        assertThat(created.before()).isEmpty();
        assertThat(created.after()).contains(levelXp(2, 20));
        assertThat(created.source()).isEqualTo(XpSource.API);
        assertThat(created.reason()).contains("welcome");
        assertThat(created.at()).isEqualTo(T0);
        assertThat(patched.before()).contains(levelXp(2, 20));
        assertThat(patched.after()).contains(levelXp(3, 25));
        assertThat(patched.reason()).isEmpty();
        assertThat(patched.at()).isEqualTo(T0.plusMillis(1));
        assertThat(removed.before()).contains(levelXp(3, 25));
        assertThat(removed.after()).isEmpty();
        assertThat(removed.reason()).contains("left");
        assertThat(created.id()).isLessThan(patched.id());
        assertThat(patched.id()).isLessThan(removed.id());
    }

    @Test
    public void aReasonOfFiveHundredCharacters_isKeptWhole() {
        String reason = "é".repeat(250) + "\uD83D\uDE00".repeat(250);

        ledger().put(GUILD, ALICE, levelXp(1, 1), because(reason, T0));

        assertThat(all(GUILD).get(0).reason()).contains(reason);
    }

    @Test
    public void largestValues_areLoggedExactly() {
        ledger().put(GUILD, ALICE, new LevelXp(U64.MAX, new U64(Long.MIN_VALUE)), at(T0));

        assertThat(all(GUILD).get(0).after()).contains(new LevelXp(U64.MAX, new U64(Long.MIN_VALUE)));
    }

    @Test
    public void writesThatChangeNothing_logNothing() {
        ledger().put(GUILD, ALICE, levelXp(2, 20), at(T0));
        ledger().put(GUILD, ALICE, levelXp(2, 20), at(T0));
        ledger().patch(GUILD, ALICE, delta(0, 0), at(T0));
        ledger().patch(GUILD, BOB, delta(-5, -1), at(T0)); // a new record of level 0, xp 0: created, so logged
        ledger().patch(GUILD, BOB, delta(-5, -1), at(T0)); // 0 stays 0
        ledger().reset(LONGER, at(T0));
        botWrites(record("12:1", 2, 20));

        assertThat(all(GUILD)).extracting(XpEvent::recordId).containsExactly("12:2", "12:1");
    }

    @Test
    public void theBotsWrites_areLoggedAsTheStores_withoutAReason() {
        Instant before = Instant.now().minusSeconds(60);
        botWrites(record("12:1", 1, 10));
        botWrites(record("12:1", 2, 30), record("12:abc", 1, 1));
        botRemoves("12:1");

        List<XpEvent> events = all(GUILD);

        assertThat(events).extracting(XpEvent::recordId).containsExactly("12:1", "12:abc", "12:1", "12:1");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.source()).isEqualTo(XpSource.STORE);
            assertThat(e.reason()).isEmpty();
            assertThat(e.at()).isAfter(before).isBefore(Instant.now().plusSeconds(60));
        });
        assertThat(events.get(0).before()).contains(levelXp(2, 30));
        assertThat(events.get(0).after()).isEmpty();
        assertThat(events.get(1).userPart()).isEqualTo("abc");
        assertThat(events.get(2).before()).contains(levelXp(1, 10));
        assertThat(events.get(2).after()).contains(levelXp(2, 30));
        assertThat(events.get(3).before()).isEmpty();
    }

    @Test
    public void aMembersEvents_areTheirRecordsOnly_newestFirst_inPages() {
        for (int i = 0; i < 7; i++) {
            ledger().patch(GUILD, ALICE, delta(1, 0), at(T0.plusSeconds(i)));
            ledger().patch(GUILD, TEN, delta(1, 0), at(T0.plusSeconds(i)));
            ledger().patch(LONGER, ALICE, delta(1, 0), at(T0.plusSeconds(i)));
        }

        List<XpEvent> pages = new ArrayList<>();
        OptionalLong before = OptionalLong.empty();
        List<XpEvent> page;
        do {
            page = log().eventsOfMember(GUILD, ALICE, before, 3);
            pages.addAll(page);
            before = page.isEmpty()
                    ? before
                    : OptionalLong.of(page.get(page.size() - 1).id());
        } while (page.size() == 3);

        assertThat(pages).hasSize(7).allSatisfy(e -> assertThat(e.recordId()).isEqualTo("12:1"));
        assertThat(pages)
                .isSortedAccordingTo(Comparator.comparingLong(XpEvent::id).reversed());
        assertThat(pages.get(0).after()).contains(levelXp(0, 7));
    }

    @Test
    public void aGuildsEvents_inPages_concatenated_areTheWholeLog_andNoOtherGuilds() {
        for (int i = 0; i < 5; i++) {
            ledger().patch(GUILD, new com.communitybot.core.model.UserId(i + 1), delta(1, 0), at(T0));
            ledger().patch(LONGER, ALICE, delta(1, 0), at(T0));
        }
        botWrites(record("12", 1, 1), record("1:2", 1, 1));
        List<XpEvent> whole = all(GUILD);
        assertThat(whole).hasSize(5).allSatisfy(e -> assertThat(e.recordId()).startsWith("12:"));

        for (int max = 1; max <= 6; max++) {
            List<XpEvent> pages = new ArrayList<>();
            OptionalLong before = OptionalLong.empty();
            List<XpEvent> page;
            do {
                page = log().eventsOfGuild(GUILD, XpLogFilter.ALL, before, max);
                pages.addAll(page);
                before = page.isEmpty()
                        ? before
                        : OptionalLong.of(page.get(page.size() - 1).id());
            } while (page.size() == max);
            assertThat(pages).as("read %d at a time", max).containsExactlyElementsOf(whole);
        }
    }

    /** How a live stream follows the log: after an id, oldest first, a batch at a time, the guild's events only. */
    @Test
    public void aGuildsEventsAfterAnId_oldestFirst_inBatches_areTheRestOfTheLog_andNoOtherGuilds() {
        for (int i = 0; i < 5; i++) {
            ledger().patch(GUILD, new com.communitybot.core.model.UserId(i + 1), delta(1, 0), at(T0));
            ledger().patch(LONGER, ALICE, delta(1, 0), at(T0));
        }
        botWrites(record("12", 1, 1), record("1:2", 1, 1));
        List<XpEvent> oldestFirst = new ArrayList<>(all(GUILD));
        java.util.Collections.reverse(oldestFirst);

        for (int max = 1; max <= 6; max++) {
            List<XpEvent> read = new ArrayList<>();
            long after = 0;
            List<XpEvent> batch;
            do {
                batch = log().eventsAfter(GUILD, after, max);
                read.addAll(batch);
                after = batch.isEmpty() ? after : batch.get(batch.size() - 1).id();
            } while (batch.size() == max);
            assertThat(read).as("read %d at a time", max).containsExactlyElementsOf(oldestFirst);
        }
        assertThat(log().eventsAfter(GUILD, oldestFirst.get(2).id(), 10))
                .containsExactlyElementsOf(oldestFirst.subList(3, 5));
        assertThat(log().eventsAfter(GUILD, oldestFirst.get(4).id(), 10)).isEmpty();
    }

    /** How a live stream checks its guilds in one read: each guild's newest event id, none for a guild without. */
    @Test
    public void theNewestEventIdOfEachGuild_inOneRead_noneForAGuildWithoutEvents() {
        ledger().patch(GUILD, ALICE, delta(1, 0), at(T0));
        ledger().patch(LONGER, ALICE, delta(1, 0), at(T0));
        ledger().patch(GUILD, ALICE, delta(1, 0), at(T0));
        com.communitybot.core.model.GuildId empty = new com.communitybot.core.model.GuildId(999L);

        java.util.Map<com.communitybot.core.model.GuildId, Long> newest =
                log().newestEventIds(List.of(GUILD, LONGER, empty));

        assertThat(newest)
                .containsOnlyKeys(GUILD, LONGER)
                .containsEntry(GUILD, all(GUILD).get(0).id())
                .containsEntry(LONGER, all(LONGER).get(0).id());
        assertThat(log().newestEventIds(List.of())).isEmpty();
    }

    @Test
    public void theGuildsLog_isFilteredBySinceInclusive_untilExclusive_andSource() {
        ledger().put(GUILD, ALICE, levelXp(1, 1), at(T0.minusMillis(1)));
        ledger().put(GUILD, ALICE, levelXp(1, 2), at(T0));
        ledger().put(GUILD, ALICE, levelXp(1, 3), at(T0.plusSeconds(10)));
        ledger().put(GUILD, ALICE, levelXp(1, 4), at(T0.plusSeconds(20)));
        botWrites(record("12:2", 1, 1));

        assertThat(log().eventsOfGuild(GUILD, filter(T0, T0.plusSeconds(20), null), OptionalLong.empty(), 100))
                .extracting(e -> e.after().orElseThrow().xp().bits())
                .containsExactly(3L, 2L);
        assertThat(log().eventsOfGuild(
                                GUILD, filter(T0.plusSeconds(10), null, XpSource.API), OptionalLong.empty(), 100))
                .extracting(e -> e.after().orElseThrow().xp().bits())
                .containsExactly(4L, 3L);
        assertThat(log().eventsOfGuild(GUILD, filter(null, T0, null), OptionalLong.empty(), 100))
                .extracting(e -> e.after().orElseThrow().xp().bits())
                .containsExactly(1L);
        assertThat(log().eventsOfGuild(GUILD, filter(null, null, XpSource.STORE), OptionalLong.empty(), 100))
                .extracting(XpEvent::recordId)
                .containsExactly("12:2");
    }

    @Test
    public void theGainsOfAWindow_areBeforeItsFirstEventAndAfterItsLast_perRecord() {
        ledger().put(GUILD, ALICE, levelXp(1, 100), at(T0.minusSeconds(5))); // before the window
        ledger().patch(GUILD, ALICE, delta(50, 1), at(T0));
        ledger().patch(GUILD, ALICE, delta(25, 0), at(T0.plusSeconds(30)));
        ledger().patch(GUILD, ALICE, delta(1000, 5), at(T0.plusSeconds(60))); // at until: not in it
        ledger().put(GUILD, BOB, levelXp(3, 30), at(T0.plusSeconds(1))); // created in the window
        ledger().put(GUILD, TEN, levelXp(9, 90), at(T0.minusSeconds(1)));
        ledger().remove(GUILD, TEN, at(T0.plusSeconds(2))); // removed in the window
        ledger().put(LONGER, ALICE, levelXp(9, 9), at(T0));

        TimeWindow window = new TimeWindow(T0, T0.plusSeconds(60));

        // 12:10 was removed: -9 and -90, no gain that counts.
        assertThat(gains(window, 0))
                .containsExactly(
                        gain("12:2", 3, 30, Optional.of(levelXp(3, 30))),
                        gain("12:1", 1, 75, Optional.of(levelXp(7, 1175))));
        assertThat(log().placeOf(GUILD, window, "12:1"))
                .contains(new PlacedGain(gain("12:1", 1, 75, Optional.of(levelXp(7, 1175))), 2));
        assertThat(log().placeOf(GUILD, window, "12:10")).isEmpty();
        assertThat(log().placeOf(GUILD, window, "123:1")).isEmpty();
    }

    @Test
    public void theGainsThatCount_areALevelGained_orNoLevelAndSomeXp_byLevelThenXpDescending() {
        for (long user = 1; user <= 5; user++) {
            ledger().put(GUILD, new UserId(user), levelXp(5, 500), at(T0)); // long before the window
        }
        botWrites(
                record("12:1", 6, 0), // a level, xp lost: counts
                record("12:2", 4, 9000), // a level lost, xp gained: left out
                record("12:3", 5, 501), // no level, some xp: counts
                record("12:4", 6, 600)); // counts, before 12:1 by xp
        botRemoves("12:5"); // -5 and -500: left out
        botWrites(record("12:6", 0, 0)); // created at 0: nothing gained, left out
        TimeWindow window = aroundNow();

        assertThat(gains(window, 0))
                .containsExactly(
                        gain("12:4", 1, 100, Optional.of(levelXp(6, 600))),
                        gain("12:1", 1, -500, Optional.of(levelXp(6, 0))),
                        gain("12:3", 0, 1, Optional.of(levelXp(5, 501))));
        assertThat(log().placeOf(GUILD, window, "12:3"))
                .map(PlacedGain::position)
                .contains(3L);
        assertThat(log().placeOf(GUILD, window, "12:2")).isEmpty();
        assertThat(log().placeOf(GUILD, window, "12:5")).isEmpty();
        assertThat(log().placeOf(GUILD, window, "12:6")).isEmpty();
    }

    @Test
    public void gainsThatTie_areOrderedByIdByteByByteInUtf8_alsoBeyondUtf16Order() {
        // UTF-16 puts U+1F600 (a surrogate pair) before U+E000; UTF-8 after it, as core's order does.
        List<String> ids =
                List.of("12:z", "12:\uD83D\uDE00", "12:\uE000", "12:\u00e9", "12:Z", "12:1", "12:10", "12:9");
        for (String id : ids) {
            botWrites(record(id, 1, 10));
        }
        TimeWindow window = aroundNow();

        List<String> expected =
                ids.stream().sorted(LeaderboardOrder::compareUtf8).toList();
        assertThat(expected).containsSubsequence("12:\uE000", "12:\uD83D\uDE00");
        assertThat(gains(window, 0)).extracting(WindowGain::recordId).containsExactlyElementsOf(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(log().placeOf(GUILD, window, expected.get(i)))
                    .as(expected.get(i))
                    .map(PlacedGain::position)
                    .contains(i + 1L);
            assertThat(gains(window, i))
                    .extracting(WindowGain::recordId)
                    .isEqualTo(expected.subList(i, expected.size()));
            assertThat(gains(window, i, 2))
                    .extracting(WindowGain::recordId)
                    .isEqualTo(expected.subList(i, expected.size()));
        }
        assertThat(gains(window, expected.size())).isEmpty();
        assertThat(gains(window, 1000)).isEmpty();
    }

    @Test
    public void gainsOfTheWholeU64Range_areExact_andSigned() {
        botWrites(new LevelRecord("12:1", U64.MAX, U64.MAX));
        botWrites(new LevelRecord("12:2", U64.MAX, U64.ZERO));
        botWrites(new LevelRecord("12:2", U64.ofNonNegative(1), U64.ZERO));
        TimeWindow window = aroundNow();

        BigInteger top = U64.MAX.toBigInteger();
        assertThat(gains(window, 0))
                .containsExactly(
                        new WindowGain("12:1", top, top, Optional.of(new LevelXp(U64.MAX, U64.MAX))),
                        new WindowGain(
                                "12:2",
                                BigInteger.ZERO,
                                BigInteger.ONE,
                                Optional.of(new LevelXp(U64.ZERO, U64.ofNonNegative(1)))));
    }

    /** Records enough that the window is more than a store's fetch of 1,000 rows; the window they are in. */
    private static final int MANY = 1200;

    private TimeWindow manyRecordsWritten() {
        LevelRecord[] records = new LevelRecord[MANY];
        for (int i = 0; i < records.length; i++) {
            records[i] = record("12:" + (i * 7919 % 3001), i % 13, i % 101 + 1);
        }
        botWrites(records);
        return aroundNow();
    }

    @Test
    public void aWindowOfManyRecords_streamed_isInWindowOrder_andEveryPlaceIsItsPosition() {
        TimeWindow window = manyRecordsWritten();

        List<WindowGain> all = gains(window, 0);

        assertThat(all).hasSize(MANY).isSortedAccordingTo(WindowOrder.COMPARATOR);
        assertThat(gains(window, 1190)).containsExactlyElementsOf(all.subList(1190, all.size()));
        for (int i : new int[] {0, 1, 999, 1000, 1199}) {
            assertThat(log().placeOf(GUILD, window, all.get(i).recordId()))
                    .contains(new PlacedGain(all.get(i), i + 1L));
        }
    }

    @Test
    public void aPageExpectingSomeGains_getsThem_andReadOn_theRestInTheSameOrder() {
        TimeWindow window = manyRecordsWritten();
        List<WindowGain> all = gains(window, 0);

        long[][] afterAndExpected = {
            {0, 1},
            {0, 101},
            {7, 3},
            {0, 1199},
            {0, 1200},
            {0, 1201},
            {1190, 5},
            {1199, 1},
            {1200, 1},
            {3, 10_000},
            {3, 10_001},
            {3, Long.MAX_VALUE}
        };
        for (long[] read : afterAndExpected) {
            int after = (int) read[0];
            assertThat(gains(window, after, read[1]))
                    .as("after %d, expecting %d", after, read[1])
                    .containsExactlyElementsOf(all.subList(after, all.size()));
        }
        try (Stream<WindowGain> page = log().gainsIn(GUILD, window, 20, 101)) {
            assertThat(page.limit(101).toList()).containsExactlyElementsOf(all.subList(20, 121));
        }
    }

    @Test
    public void oldEvents_areDeletedInBatches_oldestFirst_keepingNewerOnes() {
        for (int i = 0; i < 5; i++) {
            ledger().patch(GUILD, ALICE, delta(1, 0), at(T0.plusSeconds(i)));
        }
        ledger().patch(GUILD, ALICE, delta(1, 0), at(T0.plusSeconds(100)));

        assertThat(log().deleteEventsBefore(T0.plusSeconds(50), 2)).isEqualTo(2);
        assertThat(all(GUILD)).extracting(e -> e.at()).doesNotContain(T0, T0.plusSeconds(1));
        assertThat(log().deleteEventsBefore(T0.plusSeconds(50), 2)).isEqualTo(2);
        assertThat(log().deleteEventsBefore(T0.plusSeconds(50), 2)).isEqualTo(1);
        assertThat(log().deleteEventsBefore(T0.plusSeconds(50), 2)).isZero();

        assertThat(all(GUILD)).extracting(XpEvent::at).containsExactly(T0.plusSeconds(100));
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 0, 6));
    }
}
