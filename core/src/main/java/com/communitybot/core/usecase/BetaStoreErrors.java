package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.StoreException;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link BetaStore} as the use cases call it: the one place that decides which spec-7 message each of its
 * methods gives when the store fails. Reads give {@code Database query failed} (or {@code Failed to parse
 * database response} when the store answered with a record that cannot be read); adding gives
 * {@code Database create failed} and removing {@code Database delete failed} (spec 4.13, 4.14).
 */
final class BetaStoreErrors implements BetaStore {

    private final BetaStore store;

    BetaStoreErrors(BetaStore store) {
        this.store = store;
    }

    @Override
    public List<BetaServer> all() {
        return failingAs(DatabaseErrorException::readFailed, store::all);
    }

    @Override
    public boolean addIfAbsent(BetaServer server) {
        return failingAs(DatabaseErrorException::createFailed, () -> store.addIfAbsent(server));
    }

    @Override
    public boolean remove(String guildId) {
        return failingAs(DatabaseErrorException::deleteFailed, () -> store.remove(guildId));
    }

    @Override
    public Set<String> listedAmong(Collection<String> guildIds) {
        return failingAs(DatabaseErrorException::readFailed, () -> store.listedAmong(guildIds));
    }

    private static <T> T failingAs(Function<StoreException, DatabaseErrorException> error, Supplier<T> call) {
        try {
            return call.get();
        } catch (StoreException e) {
            throw error.apply(e);
        }
    }
}
