package com.communitybot.core.testing;

import static com.communitybot.core.testing.LedgerFixtures.ALICE;
import static com.communitybot.core.testing.LedgerFixtures.BOB;
import static com.communitybot.core.testing.LedgerFixtures.GUILD;
import static com.communitybot.core.testing.LedgerFixtures.LONGER;
import static com.communitybot.core.testing.LedgerFixtures.T0;
import static com.communitybot.core.testing.LedgerFixtures.at;
import static com.communitybot.core.testing.LedgerFixtures.keyed;
import static com.communitybot.core.testing.LedgerFixtures.levelXp;
import static com.communitybot.core.testing.LedgerFixtures.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.WriteReason;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.XpLog;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LevelLedger} must do; each store's test extends this class. The log is read through {@link
 * XpLog} to see what a write logged, and the bot's own writes go through {@link #botWrites}, as the bot writes
 * the store (plain SQL for a database).
 */
public abstract class LevelLedgerContract {

    /** The ledger under test, empty at the start of each test. */
    protected abstract LevelLedger ledger();

    /** The log of the same store. */
    protected abstract XpLog log();

    /** Writes records the way the bot process does, straight into the store. */
    protected abstract void botWrites(LevelRecord... records);

    private static LevelDelta delta(long xp, long level) {
        return new LevelDelta(BigInteger.valueOf(xp), BigInteger.valueOf(level));
    }

    private List<com.communitybot.core.model.XpEvent> guildEvents() {
        return log().eventsOfGuild(GUILD, XpLogFilter.ALL, OptionalLong.empty(), 1000);
    }

    @Test
    public void givenNoRecord_recordOf_isEmpty() {
        assertThat(ledger().recordOf(GUILD, ALICE)).isEmpty();
    }

    @Test
    public void put_createsThenReplaces_underTheCanonicalId() {
        assertThat(ledger().put(GUILD, ALICE, levelXp(3, 40), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 3, 40)));
        assertThat(ledger().put(GUILD, ALICE, levelXp(1, 5), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 1, 5)));

        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 1, 5));
        assertThat(ledger().recordOf(LONGER, ALICE)).isEmpty();
    }

    @Test
    public void recordOf_readsTheBotsRecordsToo_byTheirCanonicalIdOnly() {
        botWrites(record("12:1", 2, 20), record("12:02", 9, 9));

        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 2, 20));
        assertThat(ledger().recordOf(GUILD, BOB)).isEmpty();
    }

    @Test
    public void put_keepsTheLargestValuesExactly() {
        ledger().put(GUILD, ALICE, new com.communitybot.core.model.LevelXp(U64.MAX, U64.MAX), at(T0));

        assertThat(ledger().recordOf(GUILD, ALICE)).contains(new LevelRecord("12:1", U64.MAX, U64.MAX));
    }

    @Test
    public void patch_ofAMissingRecord_startsFromZero_thenAdds() {
        assertThat(ledger().patch(GUILD, ALICE, delta(50, 2), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 2, 50)));
        assertThat(ledger().patch(GUILD, ALICE, delta(-20, 0), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 2, 30)));
    }

    @Test
    public void patch_belowZero_leavesZero() {
        ledger().put(GUILD, ALICE, levelXp(2, 30), at(T0));

        assertThat(ledger().patch(GUILD, ALICE, delta(-31, -5), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 0, 0)));
    }

    @Test
    public void patch_upToTheLargestValue_isKept_andBeyondIt_isRefused_changingAndLoggingNothing() {
        ledger().put(GUILD, ALICE, new com.communitybot.core.model.LevelXp(U64.ofNonNegative(1), new U64(-2L)), at(T0));
        int logged = guildEvents().size();

        assertThat(ledger().patch(GUILD, ALICE, delta(1, 0), at(T0)))
                .isEqualTo(new LedgerAnswer.Written(new LevelRecord("12:1", U64.MAX, U64.ofNonNegative(1))));
        assertThatThrownBy(() -> ledger().patch(GUILD, ALICE, delta(1, 0), keyed(GUILD, "k", "r", T0)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid xp_delta: the result would exceed 18446744073709551615");
        assertThatThrownBy(() -> ledger().patch(
                                GUILD,
                                ALICE,
                                new LevelDelta(BigInteger.ZERO, new BigInteger("18446744073709551615")),
                                at(T0)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("Invalid level_delta: the result would exceed 18446744073709551615");

        assertThat(ledger().recordOf(GUILD, ALICE)).contains(new LevelRecord("12:1", U64.MAX, U64.ofNonNegative(1)));
        assertThat(guildEvents()).hasSize(logged + 1);
        // The refused write kept no answer under its key: the same key does the next request.
        assertThat(ledger().patch(GUILD, ALICE, delta(-1, 0), keyed(GUILD, "k", "another", T0)))
                .isInstanceOf(LedgerAnswer.Written.class);
    }

    @Test
    public void aHundredConcurrentPatches_addExactlyAHundred() throws Exception {
        Concurrently.run(100, i -> () -> ledger().patch(GUILD, ALICE, delta(1, 0), at(T0)));

        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 0, 100));
        assertThat(guildEvents()).hasSize(100);
    }

    @Test
    public void concurrentPutsAndPatches_leaveOneOrderOfThem() throws Exception {
        ledger().put(GUILD, ALICE, levelXp(0, 0), at(T0));

        Concurrently.run(
                40,
                i -> () -> i % 2 == 0
                        ? ledger().put(GUILD, ALICE, levelXp(7, 1000), at(T0))
                        : ledger().patch(GUILD, ALICE, delta(1, 1), at(T0)));

        // Every write happened whole: the last PUT, then the PATCHes after it, each adding one to both.
        LevelRecord end = ledger().recordOf(GUILD, ALICE).orElseThrow();
        assertThat(end.level().bits() - 7).isEqualTo(end.xp().bits() - 1000).isBetween(0L, 20L);
    }

    @Test
    public void remove_givesTheRecordAsItWas_thenNotFound() {
        botWrites(record("12:1", 4, 44));

        assertThat(ledger().remove(GUILD, ALICE, at(T0))).isEqualTo(new LedgerAnswer.Removed(record("12:1", 4, 44)));
        assertThat(ledger().recordOf(GUILD, ALICE)).isEmpty();
        assertThat(ledger().remove(GUILD, ALICE, at(T0))).isEqualTo(new LedgerAnswer.NotFound());
    }

    @Test
    public void reset_removesEveryRecordOfTheGuild_whateverItsUserPart_andNoOtherGuilds() {
        botWrites(
                record("12:1", 1, 1),
                record("12:abc", 2, 2),
                record("12:", 3, 3),
                record("12:a:b", 4, 4),
                record("123:1", 5, 5),
                record("1:2", 6, 6),
                record("12", 7, 7));

        assertThat(ledger().reset(GUILD, at(T0))).isEqualTo(new LedgerAnswer.Reset(4));

        assertThat(ledger().recordOf(LONGER, ALICE)).contains(record("123:1", 5, 5));
        assertThat(apiEventsOfGuild())
                .extracting(e -> e.recordId())
                .containsExactlyInAnyOrder("12:1", "12:abc", "12:", "12:a:b");
        assertThat(ledger().reset(GUILD, at(T0))).isEqualTo(new LedgerAnswer.Reset(0));
    }

    @Test
    public void reset_logsEachRemoval_withTheRecordsValues_theWritesReasonAndTime() {
        botWrites(record("12:1", 10, 100), record("12:2", 20, 200), record("123:1", 5, 5));
        LedgerWrite write = new LedgerWrite(Optional.of(new WriteReason("season 2")), Optional.empty(), T0);

        assertThat(ledger().reset(GUILD, write)).isEqualTo(new LedgerAnswer.Reset(2));

        assertThat(apiEventsOfGuild())
                .extracting(
                        e -> e.recordId(),
                        e -> e.before().map(b -> b.level() + "/" + b.xp()),
                        e -> e.after(),
                        e -> e.reason(),
                        e -> e.at())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(
                                "12:1", Optional.of("10/100"), Optional.empty(), Optional.of("season 2"), T0),
                        org.assertj.core.groups.Tuple.tuple(
                                "12:2", Optional.of("20/200"), Optional.empty(), Optional.of("season 2"), T0));
    }

    @Test
    public void reset_whileTheBotAndTheApiWrite_leavesNothingOfTheGuildThatWasThereBefore() throws Exception {
        for (int i = 1; i <= 200; i++) {
            ledger().put(GUILD, new com.communitybot.core.model.UserId(i), levelXp(1, i), at(T0));
        }

        List<LedgerAnswer> answers = Concurrently.run(
                8,
                i -> () -> i == 0
                        ? ledger().reset(GUILD, at(T0))
                        : ledger().patch(GUILD, new com.communitybot.core.model.UserId(1000 + i), delta(1, 0), at(T0)));

        long removed = ((LedgerAnswer.Reset) answers.get(0)).removed();
        assertThat(removed).isBetween(200L, 207L);
        for (int i = 1; i <= 200; i++) {
            assertThat(ledger().recordOf(GUILD, new com.communitybot.core.model.UserId(i)))
                    .isEmpty();
        }
        long left = Stream.iterate(1001, i -> i + 1)
                .limit(7)
                .filter(i -> ledger().recordOf(GUILD, new com.communitybot.core.model.UserId(i))
                        .isPresent())
                .count();
        assertThat(removed - 200 + left)
                .as("each patch was removed by the reset or came after it")
                .isEqualTo(7);
    }

    @Test
    public void aRetryWithTheSameKeyAndRequest_getsTheFirstAnswer_andChangesAndLogsNothing() {
        LedgerAnswer first = ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "retry-1", "PATCH +5", T0));
        int logged = guildEvents().size();

        LedgerAnswer again = ledger().patch(
                        GUILD, ALICE, delta(5, 0), keyed(GUILD, "retry-1", "PATCH +5", T0.plus(Duration.ofHours(23))));

        assertThat(again).isEqualTo(first).isEqualTo(new LedgerAnswer.Written(record("12:1", 0, 5)));
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 0, 5));
        assertThat(guildEvents()).hasSize(logged);
    }

    @Test
    public void theKeptAnswer_isTheFirst_evenAfterOtherWrites() {
        ledger().put(GUILD, ALICE, levelXp(1, 1), keyed(GUILD, "put", "PUT 1 1", T0));
        ledger().put(GUILD, ALICE, levelXp(9, 9), at(T0));

        assertThat(ledger().put(GUILD, ALICE, levelXp(1, 1), keyed(GUILD, "put", "PUT 1 1", T0)))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 1, 1)));
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 9, 9));
    }

    @Test
    public void theSameKeyForAnotherRequest_isAConflict_andChangesNothing() {
        ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0));

        assertThat(ledger().patch(GUILD, ALICE, delta(6, 0), keyed(GUILD, "k", "PATCH +6", T0)))
                .isEqualTo(new LedgerAnswer.Conflict());
        assertThat(ledger().remove(GUILD, ALICE, keyed(GUILD, "k", "DELETE", T0)))
                .isEqualTo(new LedgerAnswer.Conflict());
        assertThat(ledger().reset(GUILD, keyed(GUILD, "k", "RESET", T0))).isEqualTo(new LedgerAnswer.Conflict());
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 0, 5));
        assertThat(guildEvents()).hasSize(1);
    }

    @Test
    public void keysOfTwoGuilds_neverMeet() {
        ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0));

        assertThat(ledger().patch(LONGER, ALICE, delta(5, 0), keyed(LONGER, "k", "PATCH +5", T0)))
                .isEqualTo(new LedgerAnswer.Written(record("123:1", 0, 5)));
    }

    @Test
    public void aKeyOlderThanItsLifetime_isForgotten_andTheRequestRunsAgain() {
        ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0));

        Duration lifetime = IdempotencyKey.LIFETIME;
        assertThat(ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0.plus(lifetime))))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 0, 10)));
        // Kept again, from the second write's time.
        assertThat(ledger().patch(GUILD, ALICE, delta(7, 0), keyed(GUILD, "k", "PATCH +7", T0.plus(lifetime))))
                .isEqualTo(new LedgerAnswer.Conflict());
    }

    @Test
    public void aNotFoundAnswer_isNotKept() {
        assertThat(ledger().remove(GUILD, ALICE, keyed(GUILD, "del", "DELETE", T0)))
                .isEqualTo(new LedgerAnswer.NotFound());
        botWrites(record("12:1", 1, 1));

        assertThat(ledger().remove(GUILD, ALICE, keyed(GUILD, "del", "DELETE", T0)))
                .isEqualTo(new LedgerAnswer.Removed(record("12:1", 1, 1)));
    }

    @Test
    public void removesAndResets_areKeptLikeWrites() {
        botWrites(record("12:1", 1, 1), record("12:2", 2, 2));
        LedgerAnswer removed = ledger().remove(GUILD, ALICE, keyed(GUILD, "del", "DELETE 1", T0));
        LedgerAnswer reset = ledger().reset(GUILD, keyed(GUILD, "reset", "RESET", T0));
        botWrites(record("12:1", 3, 3), record("12:2", 4, 4));

        assertThat(ledger().remove(GUILD, ALICE, keyed(GUILD, "del", "DELETE 1", T0)))
                .isEqualTo(removed);
        assertThat(ledger().reset(GUILD, keyed(GUILD, "reset", "RESET", T0))).isEqualTo(new LedgerAnswer.Reset(1));
        assertThat(reset).isEqualTo(new LedgerAnswer.Reset(1));
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 3, 3));
    }

    @Test
    public void concurrentRequestsWithOneNewKey_writeOnce_andAllGetTheOneAnswer() throws Exception {
        List<LedgerAnswer> answers = Concurrently.run(
                20, i -> () -> ledger().patch(GUILD, ALICE, delta(1, 0), keyed(GUILD, "once", "PATCH +1", T0)));

        assertThat(answers).containsOnly(new LedgerAnswer.Written(record("12:1", 0, 1)));
        assertThat(ledger().recordOf(GUILD, ALICE)).contains(record("12:1", 0, 1));
        assertThat(guildEvents()).hasSize(1);
    }

    @Test
    public void deletedKeys_areForgotten() {
        ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0));
        ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "later", "PATCH +5", T0.plusSeconds(60)));

        assertThat(log().deleteIdempotencyKeysBefore(T0.plusSeconds(1))).isEqualTo(1);

        assertThat(ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "k", "PATCH +5", T0.plusSeconds(61))))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 0, 15)));
        assertThat(ledger().patch(GUILD, ALICE, delta(5, 0), keyed(GUILD, "later", "PATCH +5", T0.plusSeconds(61))))
                .isEqualTo(new LedgerAnswer.Written(record("12:1", 0, 10)));
    }

    /** The guild's events written by the service (source {@code api}), newest first, at most 100. */
    private List<XpEvent> apiEventsOfGuild() {
        return log().eventsOfGuild(
                        GUILD,
                        new XpLogFilter(
                                Optional.empty(),
                                Optional.empty(),
                                Optional.of(com.communitybot.core.model.XpSource.API)),
                        OptionalLong.empty(),
                        100);
    }
}
