package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.testing.LevelStoreContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The level store meets the port contract on every database, with records written as the bot writes them. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlLevelStoreTest extends LevelStoreContract {

    @Parameter
    StoreBackend backend;

    private static StoreContext stores;

    @BeforeParameterizedClassInvocation
    static void start(StoreBackend backend) {
        stores = StoreContext.start(backend, "levels");
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
    protected LevelStore store() {
        return stores.bean(LevelStore.class);
    }

    @Override
    protected void insert(LevelRecord... records) {
        stores.insertLevels(List.of(records));
    }
}
