package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.UserId;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.StoreException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@link LevelLedger} as the use cases call it: the one place that decides which spec-7 message each of its
 * methods gives when the store fails. Reading a record gives {@code Database query failed} (or {@code Failed to
 * parse database response}); every write, {@code Database update failed}, also when it failed reading a kept
 * answer.
 */
final class LevelLedgerErrors implements LevelLedger {

    private final LevelLedger ledger;

    LevelLedgerErrors(LevelLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public Optional<LevelRecord> recordOf(GuildId guild, UserId user) {
        try {
            return ledger.recordOf(guild, user);
        } catch (StoreException e) {
            throw DatabaseErrorException.readFailed(e);
        }
    }

    @Override
    public LedgerAnswer put(GuildId guild, UserId user, LevelXp value, LedgerWrite write) {
        return updating(() -> ledger.put(guild, user, value, write));
    }

    @Override
    public LedgerAnswer patch(GuildId guild, UserId user, LevelDelta delta, LedgerWrite write) {
        return updating(() -> ledger.patch(guild, user, delta, write));
    }

    @Override
    public LedgerAnswer remove(GuildId guild, UserId user, LedgerWrite write) {
        return updating(() -> ledger.remove(guild, user, write));
    }

    @Override
    public LedgerAnswer reset(GuildId guild, LedgerWrite write) {
        return updating(() -> ledger.reset(guild, write));
    }

    private static LedgerAnswer updating(Supplier<LedgerAnswer> write) {
        try {
            return write.get();
        } catch (StoreException e) {
            throw DatabaseErrorException.updateFailed(e);
        }
    }
}
