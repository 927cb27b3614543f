package com.communitybot.persistence;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.testing.BetaStoreContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The beta store meets the port contract on every database. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlBetaStoreTest extends BetaStoreContract {

    @Parameter
    StoreBackend backend;

    private static StoreContext stores;

    @BeforeParameterizedClassInvocation
    static void start(StoreBackend backend) {
        stores = StoreContext.start(backend, "beta");
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
    protected BetaStore store() {
        return stores.bean(BetaStore.class);
    }
}
