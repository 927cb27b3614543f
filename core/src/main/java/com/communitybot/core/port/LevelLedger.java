package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.UserId;
import java.util.Optional;

/**
 * The level records as the service itself writes them (ledger L1): one member's record by its canonical id
 * {@code <guild_id>:<user_id>} ({@link LevelRecord#idOf}), and the guild reset.
 *
 * <p>Every write is atomic: concurrent writes of one record apply one after the other, never mixed. In the same
 * transaction as the change, the store logs one {@link com.communitybot.core.model.XpEvent} per record changed,
 * with source {@code api}, the write's reason and time ({@link LedgerWrite#at}); a write that leaves level and xp
 * as they were logs nothing.
 *
 * <p>Idempotency: when the write carries {@link LedgerWrite#idempotency}, the store looks the guild's key up
 * first, in the same transaction as the write. A key kept less than {@link
 * com.communitybot.core.model.IdempotencyKey#LIFETIME} before the write's time with the same fingerprint gives its
 * kept answer and changes nothing; with another fingerprint it gives {@link LedgerAnswer.Conflict} and changes
 * nothing. Otherwise the write happens, and an answer that {@link LedgerAnswer#isKept is kept} is stored with the
 * key, its fingerprint and the write's time (replacing an expired entry of that key), in the transaction of the
 * write: a key is never kept without its write, nor a write done under a key without it. Two concurrent writes
 * with one new key: one writes, the other gets the first's answer or a conflict.
 *
 * <p>Every method throws {@link StoreException} when the store fails, with nothing changed.
 */
public interface LevelLedger {

    /** The member's record, read at one moment; empty when there is none. */
    Optional<LevelRecord> recordOf(GuildId guild, UserId user);

    /**
     * Creates or replaces the member's record with {@code value}.
     *
     * @return {@link LedgerAnswer.Written} with the record as stored, or a kept answer or conflict (see above)
     */
    LedgerAnswer put(GuildId guild, UserId user, LevelXp value, LedgerWrite write);

    /**
     * Applies {@code delta} to the member's record ({@link LevelDelta#applyTo}: a missing record starts from
     * level 0, xp 0), creating it when missing.
     *
     * @return {@link LedgerAnswer.Written} with the record after the change, or a kept answer or conflict
     * @throws com.communitybot.core.error.InvalidInputException the result would exceed the largest unsigned
     *     64-bit value, as {@link LevelDelta#applyTo} says; nothing is changed, logged or kept
     */
    LedgerAnswer patch(GuildId guild, UserId user, LevelDelta delta, LedgerWrite write);

    /**
     * Removes the member's record.
     *
     * @return {@link LedgerAnswer.Removed} with the record as it was, {@link LedgerAnswer.NotFound} when there was
     *     none, or a kept answer or conflict
     */
    LedgerAnswer remove(GuildId guild, UserId user, LedgerWrite write);

    /**
     * Removes every record of the guild, those whose id starts with {@code <guild_id>:} whatever their user part,
     * all or nothing, logging one event per record removed.
     *
     * @return {@link LedgerAnswer.Reset} with how many records were removed, or a kept answer or conflict
     */
    LedgerAnswer reset(GuildId guild, LedgerWrite write);
}
