package com.communitybot.persistence;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import com.communitybot.persistence.testing.StoreTransferContract;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Import and export meet the transfer contract on every database. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlStoreTransferTest extends StoreTransferContract {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("transfer");

    @Override
    protected StoreTransfer transfer() {
        return stores.bean(StoreTransfer.class);
    }

    @Override
    protected LevelStore levelStore() {
        return stores.bean(LevelStore.class);
    }

    @Override
    protected SettingsStore settingsStore() {
        return stores.bean(SettingsStore.class);
    }

    @Override
    protected BetaStore betaStore() {
        return stores.bean(BetaStore.class);
    }
}
