package com.communitybot.core.port;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.testing.BetaStoreContract;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.LevelStoreContract;
import com.communitybot.core.testing.SettingsStoreContract;
import org.junit.jupiter.api.Nested;

/** The in-memory doubles meet the same port contracts as the real stores, so core tests can trust them. */
class InMemoryStoresMeetTheContractsTest {

    @Nested
    class Levels extends LevelStoreContract {
        private final InMemoryLevelStore store = new InMemoryLevelStore();

        @Override
        protected LevelStore store() {
            return store;
        }

        @Override
        protected void insert(LevelRecord... records) {
            store.put(records);
        }
    }

    @Nested
    class Settings extends SettingsStoreContract {
        private final InMemorySettingsStore store = new InMemorySettingsStore();

        @Override
        protected SettingsStore store() {
            return store;
        }
    }

    @Nested
    class Beta extends BetaStoreContract {
        private final InMemoryBetaStore store = new InMemoryBetaStore();

        @Override
        protected BetaStore store() {
            return store;
        }
    }
}
