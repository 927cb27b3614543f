package com.communitybot.persistence;

import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.testing.SettingsStoreContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The settings store meets the port contract on every database. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlSettingsStoreTest extends SettingsStoreContract {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("settings");

    @Override
    protected SettingsStore store() {
        return stores.bean(SettingsStore.class);
    }
}
