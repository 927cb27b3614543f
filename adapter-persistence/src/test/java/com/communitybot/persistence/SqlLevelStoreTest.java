package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.testing.LevelStoreContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import java.util.List;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The level store meets the port contract on every database, with records written as the bot writes them. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlLevelStoreTest extends LevelStoreContract {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("levels");

    @Override
    protected LevelStore store() {
        return stores.bean(LevelStore.class);
    }

    @Override
    protected void insert(LevelRecord... records) {
        stores.insertLevels(List.of(records));
    }
}
