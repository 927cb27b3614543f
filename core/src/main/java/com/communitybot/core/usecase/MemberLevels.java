package com.communitybot.core.usecase;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.InvalidInputException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.IdempotentRequest;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WriteReason;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelLedger;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * Reading and writing one member's level record, and the guild reset (ledger L1). Each write is checked in the
 * contract's order: the request's values (in the body's field order), its {@code Idempotency-Key}, then the
 * bot's presence, then the store, which writes, logs and keeps the key in one transaction.
 *
 * <p>A request with a key is fingerprinted by its canonical text: the method, the path with both ids in
 * canonical decimal, and the body's values by name, so a retry that spells the same request differently
 * (spacing, key order, {@code 007}) is the same request.
 */
public final class MemberLevels {

    public static final String RECORD_NOT_FOUND = "Level record not found";
    public static final String KEY_USED = "Idempotency-Key already used for another request";

    private final BotPresence presence;
    private final LevelLedger ledger;
    private final Clock clock;

    public MemberLevels(GuildView guilds, LevelLedger ledger, Clock clock) {
        this.presence = new BotPresence(guilds);
        this.ledger = new LevelLedgerErrors(Objects.requireNonNull(ledger, "ledger"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The member's record; 404 {@value #RECORD_NOT_FOUND} when there is none. */
    public LevelRecord recordOf(GuildId guild, UserId user) {
        presence.requirePresent(guild);
        return ledger.recordOf(guild, user).orElseThrow(() -> new NotFoundException(RECORD_NOT_FOUND));
    }

    /** Creates or replaces the member's record; the record as stored. */
    public LevelRecord put(GuildId guild, UserId user, BigInteger level, BigInteger xp, String reason, String key) {
        LevelXp value = new LevelXp(u64("level", level), u64("xp", xp));
        LedgerWrite write = write(
                guild, reason, key, "PUT " + memberPath(guild, user), "level=" + value.level(), "xp=" + value.xp());
        presence.requirePresent(guild);
        return written(ledger.put(guild, user, value, write));
    }

    /** Changes the member's xp and level by signed deltas ({@link LevelDelta}); the record after the change. */
    public LevelRecord patch(
            GuildId guild, UserId user, BigInteger xpDelta, BigInteger levelDelta, String reason, String key) {
        LevelDelta delta = new LevelDelta(xpDelta, levelDelta == null ? BigInteger.ZERO : levelDelta);
        LedgerWrite write = write(
                guild,
                reason,
                key,
                "PATCH " + memberPath(guild, user),
                "xp_delta=" + delta.xp(),
                "level_delta=" + delta.level());
        presence.requirePresent(guild);
        return written(ledger.patch(guild, user, delta, write));
    }

    /** Removes the member's record; the record as it was, or 404 {@value #RECORD_NOT_FOUND}. */
    public LevelRecord remove(GuildId guild, UserId user, String reason, String key) {
        LedgerWrite write = write(guild, reason, key, "DELETE " + memberPath(guild, user));
        presence.requirePresent(guild);
        LedgerAnswer answer = ledger.remove(guild, user, write);
        if (answer instanceof LedgerAnswer.Removed removed) {
            return removed.record();
        }
        if (answer instanceof LedgerAnswer.NotFound) {
            throw new NotFoundException(RECORD_NOT_FOUND);
        }
        throw unexpected(answer);
    }

    /**
     * Removes every level record of the guild, when {@code confirmGuildId} repeats the guild id as the path wrote
     * it ({@code pathGuildId}); how many were removed.
     */
    public long reset(GuildId guild, String pathGuildId, String confirmGuildId, String reason, String key) {
        if (!confirmGuildId.equals(pathGuildId)) {
            throw new InvalidInputException("Invalid confirm_guild_id: it must repeat the guild id of the path");
        }
        LedgerWrite write = write(guild, reason, key, "DELETE /api/" + guild + "/levels");
        presence.requirePresent(guild);
        LedgerAnswer answer = ledger.reset(guild, write);
        if (answer instanceof LedgerAnswer.Reset reset) {
            return reset.removed();
        }
        throw unexpected(answer);
    }

    /** The success message of a reset. */
    public static String resetMessage(GuildId guild, long removed) {
        return "Leaderboard of " + guild + " reset: " + removed + " level records removed";
    }

    private static String memberPath(GuildId guild, UserId user) {
        return "/api/" + guild + "/levels/" + user;
    }

    private static U64 u64(String field, BigInteger value) {
        return U64.of(value)
                .orElseThrow(() ->
                        new InvalidInputException("Invalid " + field + ": must be an integer from 0 to " + U64.MAX));
    }

    /** The reason and the key, checked in that order, and the write's time. */
    private LedgerWrite write(GuildId guild, String reason, String key, String... request) {
        Optional<WriteReason> why = Optional.ofNullable(reason).map(WriteReason::new);
        Optional<IdempotentRequest> idempotency = Optional.ofNullable(key)
                .map(IdempotencyKey::new)
                .map(k -> IdempotentRequest.of(guild, k, canonical(request, reason)));
        return new LedgerWrite(why, idempotency, clock.instant());
    }

    private static String canonical(String[] request, String reason) {
        StringBuilder text = new StringBuilder(String.join("\n", request));
        // A reason is any text, so its length comes first: no reason can end like another request's fields.
        text.append("\nreason=").append(reason == null ? "none" : reason.length() + ":" + reason);
        return text.toString();
    }

    private static LevelRecord written(LedgerAnswer answer) {
        if (answer instanceof LedgerAnswer.Written written) {
            return written.record();
        }
        throw unexpected(answer);
    }

    /** A conflict of keys, or (never, since a fingerprint names its method) another kind of kept answer. */
    private static RuntimeException unexpected(LedgerAnswer answer) {
        if (answer instanceof LedgerAnswer.Conflict) {
            return new AlreadyExistsException(KEY_USED);
        }
        return new IllegalStateException("the store kept an answer of another kind under this key: " + answer);
    }
}
