package com.communitybot.core.usecase;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.FailingStores;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Which spec-7 message each method of {@link BetaStore} gives when the store fails, and when it answers unreadably. */
class BetaStoreErrorsTest extends PortErrorsContract<BetaStore> {

    private static final Map<String, Expected<BetaStore>> EXPECTED = Map.of(
            "all", new Expected<>(BetaStore::all, "Database query failed", "Failed to parse database response"),
            "addIfAbsent",
                    new Expected<>(
                            s -> s.addIfAbsent(new BetaServer("1", Instant.EPOCH)),
                            "Database create failed",
                            "Database create failed"),
            "remove", new Expected<>(s -> s.remove("1"), "Database delete failed", "Database delete failed"),
            "listedAmong",
                    new Expected<>(
                            s -> s.listedAmong(List.of("1")),
                            "Database query failed",
                            "Failed to parse database response"));

    @Override
    Class<BetaStore> port() {
        return BetaStore.class;
    }

    @Override
    Map<String, Expected<BetaStore>> expected() {
        return EXPECTED;
    }

    @Override
    BetaStore translatorOverStoreThrowing(StoreException failure) {
        return new BetaStoreErrors(FailingStores.beta(failure));
    }
}
