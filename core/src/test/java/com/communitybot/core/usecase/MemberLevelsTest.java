package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.testing.FailingStores;
import com.communitybot.core.testing.InMemoryGuildView;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MemberLevelsTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final GuildId ABSENT = new GuildId(13L);
    private static final UserId USER = new UserId(7L);
    private static final Instant NOW = Instant.parse("2026-03-02T10:00:00.123456Z");
    private final InMemoryLevelStore store = new InMemoryLevelStore();
    private final MemberLevels levels =
            new MemberLevels(new InMemoryGuildView().withGuild(GUILD), store, Clock.fixed(NOW, ZoneOffset.UTC));

    private static BigInteger big(long value) {
        return BigInteger.valueOf(value);
    }

    private static LevelRecord record(long level, long xp) {
        return new LevelRecord("12:7", U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    @Test
    public void put_thenGet_thePutRecord_loggedAtTheClocksMillisecond() {
        assertThat(levels.put(GUILD, USER, big(3), big(30), "why", null)).isEqualTo(record(3, 30));

        assertThat(levels.recordOf(GUILD, USER)).isEqualTo(record(3, 30));
        assertThat(store.events()).singleElement().satisfies(e -> {
            assertThat(e.at()).isEqualTo(Instant.parse("2026-03-02T10:00:00.123Z"));
            assertThat(e.reason()).contains("why");
        });
    }

    @Test
    public void getOfNoRecord_is404LevelRecordNotFound() {
        assertThatThrownBy(() -> levels.recordOf(GUILD, USER))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Level record not found");
        assertThatThrownBy(() -> levels.remove(GUILD, USER, null, null))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Level record not found");
    }

    @Test
    public void patch_withoutALevelDelta_changesXpOnly() {
        levels.put(GUILD, USER, big(3), big(30), null, null);

        assertThat(levels.patch(GUILD, USER, big(-40), null, null, null)).isEqualTo(record(3, 0));
    }

    @Test
    public void theBodyIsCheckedInItsOrder_thenTheKey_thenThePresence() {
        String longReason = "x".repeat(501);

        assertThatThrownBy(() -> levels.put(ABSENT, USER, big(-1), big(-1), longReason, ""))
                .hasMessage("Invalid level: must be an integer from 0 to 18446744073709551615");
        assertThatThrownBy(
                        () -> levels.put(ABSENT, USER, big(1), new BigInteger("18446744073709551616"), longReason, ""))
                .hasMessage("Invalid xp: must be an integer from 0 to 18446744073709551615");
        assertThatThrownBy(() -> levels.put(ABSENT, USER, big(1), big(1), longReason, ""))
                .hasMessage("Invalid reason: at most 500 characters");
        assertThatThrownBy(() -> levels.put(ABSENT, USER, big(1), big(1), "ok", ""))
                .hasMessage("Invalid Idempotency-Key");
        assertThatThrownBy(() -> levels.put(ABSENT, USER, big(1), big(1), "ok", "k"))
                .isInstanceOf(NotFoundException.class)
                .hasMessage("Bot is not in this guild");
        assertThatThrownBy(() -> levels.patch(ABSENT, USER, new BigInteger("-18446744073709551616"), null, null, null))
                .hasMessage("Invalid xp_delta: must be an integer from -18446744073709551615 to 18446744073709551615");
        assertThatThrownBy(() -> levels.reset(ABSENT, "13", "013", longReason, ""))
                .hasMessage("Invalid confirm_guild_id: it must repeat the guild id of the path");
        assertThat(store.events()).isEmpty();
    }

    @Test
    public void aRetry_spelledDifferently_isTheSameRequest_butAnotherValueConflicts() {
        levels.patch(GUILD, USER, big(5), null, "r", "key-1");

        assertThat(levels.patch(GUILD, USER, big(5), big(0), "r", "key-1")).isEqualTo(record(0, 5));
        assertThatThrownBy(() -> levels.patch(GUILD, USER, big(5), big(0), "other", "key-1"))
                .isInstanceOf(AlreadyExistsException.class)
                .hasMessage("Idempotency-Key already used for another request");
        assertThatThrownBy(() -> levels.patch(GUILD, USER, big(5), big(0), null, "key-1"))
                .isInstanceOf(AlreadyExistsException.class);
        assertThatThrownBy(() -> levels.put(GUILD, USER, big(0), big(5), "r", "key-1"))
                .isInstanceOf(AlreadyExistsException.class);
        assertThat(store.events()).hasSize(1);
    }

    @Test
    public void reset_wantsTheGuildIdAsThePathWroteIt_andCountsTheRecords() {
        store.put(record(1, 1), new LevelRecord("12:x", U64.ZERO, U64.ZERO));

        assertThatThrownBy(() -> levels.reset(GUILD, "012", "12", null, null))
                .isInstanceOf(InvalidInputException.class);
        assertThat(levels.reset(GUILD, "012", "012", null, null)).isEqualTo(2);
        assertThat(MemberLevels.resetMessage(GUILD, 2)).isEqualTo("Leaderboard of 12 reset: 2 level records removed");
    }

    @Test
    public void aFailingStore_givesQueryFailedForReads_andUpdateFailedForWrites() {
        MemberLevels failing = new MemberLevels(
                new InMemoryGuildView().withGuild(GUILD),
                FailingStores.ledger(FailingStores.unreachable()),
                Clock.systemUTC());

        assertThatThrownBy(() -> failing.recordOf(GUILD, USER))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database query failed");
        assertThatThrownBy(() -> failing.patch(GUILD, USER, big(1), null, null, null))
                .isInstanceOf(DatabaseErrorException.class)
                .hasMessage("Database update failed");
    }
}
