package com.communitybot.persistence.h2;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The import into an H2 file through a new file ({@link H2FileImport}) keeps the store's XP log and idempotency keys
 * as they were, logs none of the records it writes (ledger.md L2), and the log goes on after the copied events.
 */
class H2FileImportKeepsTheLogTest {

    @Test
    void aNewFileImport_keepsTheLogAndTheKeys_logsNothing_andNewEventsFollowTheOldOnes() throws SQLException {
        try (TestDatabase database = TestDatabase.freshH2("import_log")) {
            List<String> logged;
            try (ApplicationContext store = ApplicationContext.run(database.properties())) {
                execute(
                        pool(store),
                        "INSERT INTO level_record (id, xp, level) VALUES ('7:1', 1, 1), ('7:2', 2, 2)",
                        "UPDATE level_record SET xp = 5 WHERE id = '7:1'",
                        "DELETE FROM level_record WHERE id = '7:2'",
                        "INSERT INTO level_write_key (guild_id, idempotency_key, fingerprint, answer, created_at)"
                                + " VALUES ('7', 'k1', 'PUT /x', '200 {}', CURRENT_TIMESTAMP)");
                logged = rows(pool(store), "SELECT * FROM xp_log ORDER BY id");
            }
            assertThat(logged).hasSize(4);

            H2FileImport h2 = H2FileImport.forUrl(database.url()).orElseThrow();
            Map<String, Object> nextProperties = new HashMap<>(database.properties());
            nextProperties.put("datasources.default.url", h2.nextUrl());
            try (ApplicationContext current = ApplicationContext.run(database.properties());
                    ApplicationContext next = ApplicationContext.run(nextProperties)) {
                DataSource nextData = next.getBean(DataSource.class);
                h2.into(current.getBean(DataSource.class), nextData, next.getBean(StoreTransfer.class))
                        .importAtomically(batch -> IntStream.range(0, 3_000)
                                .forEach(i -> batch.putLevel(
                                        new LevelRecord("7:" + i, U64.ofNonNegative(i), U64.ofNonNegative(1)))));
                h2.compact(nextData);
            }
            h2.swap();

            try (ApplicationContext store = ApplicationContext.run(database.properties())) {
                DataSource pool = pool(store);
                assertThat(rows(pool, "SELECT COUNT(*) FROM level_record")).containsExactly("3000");
                assertThat(rows(pool, "SELECT * FROM xp_log ORDER BY id"))
                        .as("the log after the import")
                        .isEqualTo(logged);
                assertThat(rows(pool, "SELECT guild_id, idempotency_key, answer FROM level_write_key"))
                        .containsExactly("7|k1|200 {}");

                execute(pool, "UPDATE level_record SET xp = 99 WHERE id = '7:5'");
                assertThat(rows(
                                pool,
                                "SELECT user_id, xp_after FROM xp_log"
                                        + " WHERE id > (SELECT MAX(id) FROM xp_log WHERE user_id = '2')"))
                        .as("the events after the import")
                        .containsExactly("5|99");
            }
        }
    }

    private static DataSource pool(ApplicationContext context) {
        return DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
    }

    private static void execute(DataSource pool, String... sql) throws SQLException {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement()) {
            for (String each : sql) {
                statement.execute(each);
            }
        }
    }

    /** Each row's columns joined by {@code |}. */
    private static List<String> rows(DataSource pool, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    values.add(String.valueOf(result.getObject(i)));
                }
                rows.add(String.join("|", values));
            }
        }
        return rows;
    }
}
