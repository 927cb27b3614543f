package com.communitybot.persistence;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.testing.LevelLedgerContract;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** The level ledger meets the port contract on every database, the bot writing on a connection of its own. */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class SqlLevelLedgerTest extends LevelLedgerContract {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("ledger");

    @Override
    protected LevelLedger ledger() {
        return stores.bean(LevelLedger.class);
    }

    @Override
    protected XpLog log() {
        return stores.bean(XpLog.class);
    }

    @Override
    protected void botWrites(LevelRecord... records) {
        stores.context().botUpserts(records);
    }
}
