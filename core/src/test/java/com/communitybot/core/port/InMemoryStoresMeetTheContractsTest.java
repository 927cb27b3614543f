package com.communitybot.core.port;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.testing.BetaStoreContract;
import com.communitybot.core.testing.InMemoryBetaStore;
import com.communitybot.core.testing.InMemoryLevelStore;
import com.communitybot.core.testing.InMemorySettingsStore;
import com.communitybot.core.testing.LevelLedgerContract;
import com.communitybot.core.testing.LevelStoreContract;
import com.communitybot.core.testing.SettingsStoreContract;
import com.communitybot.core.testing.XpLogContract;
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
    class Ledger extends LevelLedgerContract {
        private final InMemoryLevelStore store = new InMemoryLevelStore();

        @Override
        protected LevelLedger ledger() {
            return store;
        }

        @Override
        protected XpLog log() {
            return store;
        }

        @Override
        protected void botWrites(LevelRecord... records) {
            store.put(records);
        }
    }

    @Nested
    class Log extends XpLogContract {
        private final InMemoryLevelStore store = new InMemoryLevelStore();

        @Override
        protected XpLog log() {
            return store;
        }

        @Override
        protected LevelLedger ledger() {
            return store;
        }

        @Override
        protected void botWrites(LevelRecord... records) {
            store.put(records);
        }

        @Override
        protected void botRemoves(String id) {
            store.remove(id);
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
