package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.IdempotentRequest;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WriteReason;
import java.time.Instant;
import java.util.Optional;

/** Small builders the ledger's and the log's port contracts share. */
public final class LedgerFixtures {

    public static final GuildId GUILD = new GuildId(12L);
    /** A guild whose id starts with {@link #GUILD}'s. */
    public static final GuildId LONGER = new GuildId(123L);

    public static final UserId ALICE = new UserId(1L);
    public static final UserId BOB = new UserId(2L);
    public static final UserId TEN = new UserId(10L);
    public static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    private LedgerFixtures() {}

    public static LevelXp levelXp(long level, long xp) {
        return new LevelXp(U64.ofNonNegative(level), U64.ofNonNegative(xp));
    }

    public static LevelRecord record(String id, long level, long xp) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    public static LedgerWrite at(Instant at) {
        return LedgerWrite.at(at);
    }

    public static LedgerWrite because(String reason, Instant at) {
        return new LedgerWrite(Optional.of(new WriteReason(reason)), Optional.empty(), at);
    }

    public static LedgerWrite keyed(GuildId guild, String key, String request, Instant at) {
        return new LedgerWrite(
                Optional.empty(), Optional.of(IdempotentRequest.of(guild, new IdempotencyKey(key), request)), at);
    }
}
