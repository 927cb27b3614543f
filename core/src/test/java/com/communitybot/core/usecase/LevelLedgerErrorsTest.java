package com.communitybot.core.usecase;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;

/** Which spec-7 message each method of {@link LevelLedger} gives when the store fails, and when it answers unreadably. */
class LevelLedgerErrorsTest extends PortErrorsContract<LevelLedger> {

    private static final GuildId GUILD = new GuildId(12L);
    private static final UserId USER = new UserId(1L);
    private static final LedgerWrite WRITE = LedgerWrite.at(Instant.EPOCH);
    private static final String UPDATE = "Database update failed";

    @Override
    Class<LevelLedger> port() {
        return LevelLedger.class;
    }

    @Override
    Map<String, Expected<LevelLedger>> expected() {
        return Map.of(
                "recordOf",
                new Expected<>(
                        l -> l.recordOf(GUILD, USER), "Database query failed", "Failed to parse database response"),
                "put",
                new Expected<>(l -> l.put(GUILD, USER, LevelXp.ZERO, WRITE), UPDATE, UPDATE),
                "patch",
                new Expected<>(
                        l -> l.patch(GUILD, USER, new LevelDelta(BigInteger.ONE, BigInteger.ZERO), WRITE),
                        UPDATE,
                        UPDATE),
                "remove",
                new Expected<>(l -> l.remove(GUILD, USER, WRITE), UPDATE, UPDATE),
                "reset",
                new Expected<>(l -> l.reset(GUILD, WRITE), UPDATE, UPDATE));
    }

    @Override
    LevelLedger translatorOverStoreThrowing(StoreException failure) {
        return new LevelLedgerErrors(FailingStores.ledger(failure));
    }
}
