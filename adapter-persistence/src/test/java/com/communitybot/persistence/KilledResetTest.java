package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestDatabase;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Ledger L1: a guild reset is all or nothing. A child JVM ({@link LedgerResetStart}) resets a guild of
 * {@link #RECORDS} records through the ledger and is killed with {@code kill -9} once it has deleted half of them (a
 * reset that committed batch by batch fails here: tried); the store,
 * opened again, has either every record of the guild and no event of the reset, or none of its records and one event
 * per record, and the other guild's record either way.
 */
@Tag("verify")
class KilledResetTest {

    /**
     * Five of the reset's statements of {@value SqlLevelLedger#RESET_BATCH} deletes: killed in the third, a reset that
     * committed statement by statement would have committed two. {@code -Dkilled-reset.records=1000000} runs the
     * million-record guild of issue 30 (docs/testing.md).
     */
    private static final int RECORDS = Integer.getInteger("killed-reset.records", 50_000);

    private static final String GUILD = "4000";

    @ParameterizedTest(name = "on {0}")
    @EnumSource(StoreBackend.class)
    void aResetKilledInTheMiddle_leavesAllOrNothing(StoreBackend backend) throws Exception {
        TestDatabase database = backend.freshDatabase("killed_reset");
        // Closed without dropping the database: the child opens it alone (an H2 file is open in one process at a
        // time); the store opened again after the kill drops it at its close.
        StoreContext stores = StoreContext.start(database, Map.of());
        try {
            fill(stores);
        } finally {
            stores.context().close();
        }
        try {
            List<String> lines = new CopyOnWriteArrayList<>();
            Process reset = start(database, lines);
            boolean killedWhileResetting;
            try {
                // Killed once the reset has deleted (and logged) half the guild, in batches of statements that a
                // reset committing batch by batch would have committed by now.
                Await.until(
                        "half the guild's records deleted by the reset",
                        Duration.ofMinutes(5),
                        Duration.ofMillis(5),
                        () -> logged(lines) >= RECORDS / 2 || !reset.isAlive());
                killedWhileResetting = reset.isAlive() && lines.stream().noneMatch(l -> l.startsWith("reset "));
            } finally {
                // Also when the wait failed: a child left running would hold the store and the CPU after the test.
                reset.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(killedWhileResetting)
                    .as(
                            "the child was killed while it reset the guild; its output but the counts: %s",
                            lines.stream().filter(l -> !l.startsWith("logged ")).toList())
                    .isTrue();

            try (StoreContext reopened = StoreContext.start(database, Map.of())) {
                long left = count(reopened, "SELECT COUNT(*) FROM level_record WHERE guild_id = '" + GUILD + "'");
                long logged = count(reopened, "SELECT COUNT(*) FROM xp_log WHERE guild_id = '" + GUILD + "'");
                assertThat(left).as("the guild's records after the kill").isIn(0L, (long) RECORDS);
                assertThat(logged).as("the reset's events").isEqualTo(RECORDS - left);
                assertThat(count(reopened, "SELECT COUNT(*) FROM level_record WHERE id = '4001:1'"))
                        .as("another guild's record")
                        .isEqualTo(1);
                assertThat(count(
                                reopened,
                                "SELECT COALESCE(SUM(records), 0) FROM level_guild_size" + " WHERE guild_id = '" + GUILD
                                        + "'"))
                        .as("the guild's size")
                        .isEqualTo(left);
            }
        } catch (Throwable e) {
            database.close();
            throw e;
        }
    }

    /** The last count of events the child printed. */
    private static long logged(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("logged ")) {
                return Long.parseLong(lines.get(i).substring("logged ".length()));
            }
        }
        return 0;
    }

    /** The guild's records, written in one bulk transaction as an import writes them (not logged). */
    private static void fill(StoreContext stores) throws SQLException {
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            StoreEngine engine = StoreEngine.of(stores.pool());
            engine.suspendTriggers(connection, true);
            try {
                for (int from = 0; from < RECORDS; from += 10_000) {
                    StringBuilder values = new StringBuilder();
                    for (int i = from; i < from + 10_000; i++) {
                        values.append(i == from ? "" : ", ")
                                .append("('" + GUILD + ":")
                                .append(5_000_000 + i)
                                .append("', ")
                                .append(i)
                                .append(", ")
                                .append(i % 100)
                                .append(")");
                    }
                    statement.executeUpdate("INSERT INTO level_record (id, xp, level) VALUES " + values);
                }
                GuildSizes.recount(connection, List.of(GUILD));
            } finally {
                engine.resumeTriggers(connection);
            }
            connection.commit();
            connection.setAutoCommit(true);
            statement.executeUpdate("INSERT INTO level_record (id, xp, level) VALUES ('4001:1', 1, 1)");
        }
        assertThat(count(stores, "SELECT COUNT(*) FROM xp_log WHERE guild_id = '" + GUILD + "'"))
                .isZero();
    }

    private static long count(StoreContext stores, String sql) throws SQLException {
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** A child JVM that resets the guild; its lines go to {@code lines} as it prints them. */
    private static Process start(TestDatabase database, List<String> lines) throws IOException {
        Map<String, Object> properties = database.properties();
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        LedgerResetStart.class.getName(),
                        database.url(),
                        String.valueOf(properties.get("datasources.default.username")),
                        String.valueOf(properties.getOrDefault("datasources.default.password", "")),
                        GUILD)
                .redirectErrorStream(true)
                .start();
        Thread reader = new Thread(() -> {
            try (BufferedReader output =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    lines.add(line);
                }
            } catch (IOException ended) {
                // the child was killed
            }
        });
        reader.setDaemon(true);
        reader.start();
        return process;
    }
}
