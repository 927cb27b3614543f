package com.communitybot.persistence.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The running service's H2 file is compacted online, its data untouched. */
class H2FileCompactionTest {

    private static final int RECORDS = 20_000;
    private static final Map<String, Object> EVERY_HOUR = Map.of(H2FileCompaction.INTERVAL, "1h");

    @Test
    @Tag("verify")
    void aFileGrownByRewrites_shrinksToItsData_andEveryRecordIsThere() throws Exception {
        try (StoreContext stores = StoreContext.start(TestDatabase.freshH2("compact"), EVERY_HOUR)) {
            List<LevelRecord> records = new ArrayList<>();
            for (int i = 0; i < RECORDS; i++) {
                records.add(new LevelRecord(
                        "100000000000000001:" + (300000000000000000L + i),
                        U64.ofNonNegative(i * 7L),
                        U64.ofNonNegative(i / 100)));
            }
            // The file grows by the records' rewrites alone: the XP log's trigger would log each of them (its own
            // tests are XpLogTriggerTest's), costing most of this test's time and adding live data to compact.
            stores.execute("DROP TRIGGER xp_log_keeper");
            stores.insertLevels(records);
            // Each round rewrites every page of the table and its indexes and saves them in new chunks, as a day
            // of writes does; the old chunks are H2's to free.
            for (int round = 0; round < 10; round++) {
                stores.execute("UPDATE level_record SET xp = xp + 1", "CHECKPOINT");
            }
            Path file = Path.of(stores.database().url().substring("jdbc:h2:file:".length()) + ".mv.db");
            long grown = Files.size(file);

            H2FileCompaction.Run run =
                    stores.bean(H2FileCompaction.class).compact().orElseThrow();

            assertThat(run.bytesBefore()).isEqualTo(grown);
            assertThat(run.bytesAfter())
                    .as("the file after compaction, grown to %d bytes", grown)
                    .isLessThan(grown / 3)
                    .isEqualTo(Files.size(file));
            try (Connection connection = stores.pool().getConnection();
                    Statement statement = connection.createStatement()) {
                try (ResultSet sums = statement.executeQuery("SELECT COUNT(*), SUM(xp) FROM level_record")) {
                    sums.next();
                    assertThat(sums.getLong(1)).isEqualTo(RECORDS);
                    // xp = 7i + 10 for i < RECORDS
                    assertThat(sums.getLong(2)).isEqualTo(7L * RECORDS * (RECORDS - 1) / 2 + 10L * RECORDS);
                }
                try (ResultSet ranked = statement.executeQuery("SELECT COUNT(*) FROM (SELECT id FROM level_record"
                        + " WHERE guild_id = '100000000000000001' ORDER BY level DESC, xp DESC, id)")) {
                    ranked.next();
                    assertThat(ranked.getLong(1)).isEqualTo(RECORDS);
                }
                SessionLocal session =
                        (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
                assertThat(session.getDatabase().getStore().getMvStore().getRetentionTime())
                        .as("H2's retention time, which its compaction sets to 0, set back")
                        .isEqualTo(45_000);
            }
        }
    }

    @Test
    void withoutAnInterval_thereIsNoCompaction_asInTheCommandLine() {
        try (StoreContext stores = StoreContext.start(StoreBackend.H2, "compact-off")) {
            assertThat(stores.context().findBean(H2FileCompaction.class)).isEmpty();
        }
    }

    @Test
    void onPostgres_thereIsNothingToCompact() throws Exception {
        try (StoreContext stores = StoreContext.start(StoreBackend.POSTGRES.freshDatabase("compact-pg"), EVERY_HOUR)) {
            assertThat(stores.bean(H2FileCompaction.class).compact()).isEmpty();
        }
    }
}
