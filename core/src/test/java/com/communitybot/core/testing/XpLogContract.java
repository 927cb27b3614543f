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
import com.communitybot.core.model.TimeWindow;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.WindowGain;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.model.XpSource;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.XpLog;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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
        assertThat(log().gainsIn(GUILD, new TimeWindow(T0, T0.plusSeconds(1)))).isEmpty();
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

        List<WindowGain> gains = log().gainsIn(GUILD, new TimeWindow(T0, T0.plusSeconds(60)));

        assertThat(gains)
                .containsExactlyInAnyOrder(
                        new WindowGain(
                                "12:1",
                                Optional.of(levelXp(1, 100)),
                                Optional.of(levelXp(2, 175)),
                                Optional.of(levelXp(7, 1175))),
                        new WindowGain(
                                "12:2", Optional.empty(), Optional.of(levelXp(3, 30)), Optional.of(levelXp(3, 30))),
                        new WindowGain("12:10", Optional.of(levelXp(9, 90)), Optional.empty(), Optional.empty()));
        WindowGain ten = gains.stream()
                .filter(g -> g.recordId().equals("12:10"))
                .findFirst()
                .orElseThrow();
        assertThat(ten.levelGained()).isEqualTo(BigInteger.valueOf(-9));
        assertThat(ten.xpGained()).isEqualTo(BigInteger.valueOf(-90));
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
