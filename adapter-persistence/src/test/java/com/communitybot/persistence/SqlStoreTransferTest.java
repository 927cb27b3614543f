package com.communitybot.persistence;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.StoreTransferContract;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Import and export meet the transfer contract on every database. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlStoreTransferTest extends StoreTransferContract {

    @Parameter
    StoreBackend backend;

    private static StoreContext stores;

    @BeforeParameterizedClassInvocation
    static void start(StoreBackend backend) {
        stores = StoreContext.start(backend, "transfer");
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        stores.close();
    }

    @BeforeEach
    void empty() {
        stores.clear();
    }

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
