package com.communitybot.persistence.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;

/**
 * An acknowledged write survives a {@code kill -9} only if it is in the H2 file when it returns; {@code WRITE_DELAY=0}
 * makes H2 write each commit before the commit returns. {@code CrashSafetyIT} (app) kills the service to show it.
 */
class WritesReachTheFileTest {

    private static final GuildId GUILD = new GuildId(42L);

    @Test
    void everyKindOfWrite_isInTheFileWhenItReturns() throws Exception {
        try (StoreContext stores = StoreContext.start(StoreBackend.H2, "writes-saved");
                Connection connection = stores.pool().getConnection()) {
            MVStore file = mvStoreOf(connection);

            stores.bean(BetaStore.class).addIfAbsent(new BetaServer("1", Instant.EPOCH));
            assertThat(file.hasUnsavedChanges())
                    .as("unsaved after a beta entry")
                    .isFalse();

            stores.bean(SettingsStore.class).putTrack(GUILD, new LevelTrack("main", List.of()));
            assertThat(file.hasUnsavedChanges()).as("unsaved after a track").isFalse();

            stores.bean(StoreTransfer.class)
                    .importAtomically(batch ->
                            batch.putLevel(new LevelRecord(GUILD + ":1", U64.ofNonNegative(5), U64.ofNonNegative(1))));
            assertThat(file.hasUnsavedChanges()).as("unsaved after an import").isFalse();
        }
    }

    @Test
    void withAWriteDelay_aCommittedWriteIsNotInTheFileYet() throws Exception {
        try (TestDatabase database = TestDatabase.freshH2("writes-delayed");
                Connection connection = DriverManager.getConnection(
                        database.url() + ";" + H2Url.OPTIONS.replace("WRITE_DELAY=0", "WRITE_DELAY=60000"), "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (id INT PRIMARY KEY)");

            statement.executeUpdate("INSERT INTO t VALUES (1)");

            assertThat(mvStoreOf(connection).hasUnsavedChanges())
                    .as("a commit H2's background thread writes out up to the delay later (500 ms by default)")
                    .isTrue();
        }
    }

    private static MVStore mvStoreOf(Connection connection) throws SQLException {
        SessionLocal session =
                (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
        return session.getDatabase().getStore().getMvStore();
    }
}
