package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.testing.Await;
import com.communitybot.persistence.h2.MigrationBackup;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 item 5: an upgrade of an H2 file store killed by {@code kill -9} at any moment is finished by the next
 * start, with every record there. A store at schema version 2 (before the guild sizes of V3, as issue 12's stores
 * were) is opened by a child JVM ({@link StoreStart}) that is killed at moments spread over its upgrade, from the copy
 * of the store to the start of its last migration; after each kill the store is opened again here, and must be current,
 * whole (every record, every guild's size) and working (the guild-size trigger counts, the XP log's trigger logs).
 * The upgrade runs every migration after V2 (V3 to V5) under the one copy of the store, so the XP log's tables and
 * trigger (V4, V5) are covered as V3 is.
 */
@Tag("verify")
class KilledMigrationTest {

    private static final int RECORDS = Integer.getInteger("killed-migration.records", 30_000);
    private static final int GUILDS = 40;
    /**
     * When each start is killed, by what it shows: as soon as it begins to copy the store, once the copy is there
     * (its migration has begun), and as it begins each migration after V2 (Flyway's line before it). Signals, not
     * shares of a timed run, so a loaded machine moves the kills with the upgrade instead of past it.
     */
    private static final List<String> MOMENTS =
            List.of("copying", "copied", "to version \"3", "to version \"4", "to version \"5");

    @Test
    void anUpgradeKilledAtAnyMoment_isFinishedByTheNextStart_withEveryRecord() throws Exception {
        try (TestDatabase database = TestDatabase.freshH2("killed_migration")) {
            OlderSchemas.migrateTo(database, StoreBackend.H2, "2");
            fill(database.url());
            Path store = Path.of(database.url().substring("jdbc:h2:file:".length()) + ".mv.db");
            Path before = Path.of(store + ".v2");
            Files.copy(store, before);
            MigrationBackup backup = MigrationBackup.forUrl(database.url()).orElseThrow();

            List<String> killedWhile = new ArrayList<>();
            for (String moment : MOMENTS) {
                Files.copy(before, store, StandardCopyOption.REPLACE_EXISTING);
                List<String> lines = new CopyOnWriteArrayList<>();
                Process start = start(database.url(), lines);
                BooleanSupplier reached =
                        switch (moment) {
                            case "copying" -> () -> Files.exists(Path.of(backup.backupFile() + ".part"));
                            case "copied" -> () -> Files.exists(backup.backupFile());
                            default -> () -> lines.stream().anyMatch(line -> line.contains(moment));
                        };
                boolean migrating;
                try {
                    Await.until(
                            "the start " + moment,
                            Duration.ofMinutes(2),
                            Duration.ofMillis(1),
                            () -> reached.getAsBoolean() || !start.isAlive());
                    migrating = start.isAlive() && Files.exists(backup.backupFile());
                } finally {
                    start.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                killedWhile.add(
                        moment + ": " + (moment.equals("copying") ? "copying" : migrating ? "migrating" : "after"));

                assertOpensCurrentAndWhole(database);
                assertThat(backup.backupFile())
                        .as("the copy of the store, after the next start")
                        .doesNotExist();
            }
            assertThat(killedWhile)
                    .as("what each kill interrupted")
                    .filteredOn(what -> what.endsWith(": migrating"))
                    .hasSizeGreaterThan(2);
        }
    }

    /** Level records spread over {@link #GUILDS} guilds, with values a sum can check. */
    private static void fill(String url) throws SQLException {
        try (Connection connection = DriverManager.getConnection(StoreUrls.withRequiredOptions(url), "sa", "");
                Statement statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO level_record (id, xp, level) SELECT (1000 + MOD(\"X\", " + GUILDS
                    + ")) || ':' || (5000000 + \"X\"), \"X\", MOD(\"X\", 100) FROM SYSTEM_RANGE(0, " + (RECORDS - 1)
                    + ")");
        }
    }

    private static void assertOpensCurrentAndWhole(TestDatabase database) throws SQLException {
        try (ApplicationContext context = ApplicationContext.run(database.properties())) {
            DataSource pool = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
            assertThat(SchemaMigration.isCurrent(pool)).as("schema current").isTrue();
            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement()) {
                assertThat(one(statement, "SELECT COUNT(*) || '/' || SUM(xp) || '/' || SUM(level) FROM level_record"))
                        .isEqualTo(RECORDS + "/" + ((long) RECORDS * (RECORDS - 1) / 2) + "/" + (RECORDS / 100 * 4950));
                assertThat(one(statement, "SELECT COUNT(*) || '/' || SUM(records) FROM level_guild_size"))
                        .as("guild sizes")
                        .isEqualTo(GUILDS + "/" + RECORDS);
                assertThat(one(statement, "SELECT COUNT(*) FROM xp_log"))
                        .as("the XP log (V4) starts empty: the records already there are no one's change")
                        .isEqualTo("0");
                statement.executeUpdate("INSERT INTO level_record (id, xp, level) VALUES ('1000:1', 1, 1)");
                assertThat(one(statement, "SELECT records FROM level_guild_size WHERE guild_id = '1000'"))
                        .as("the trigger counts new records")
                        .isEqualTo(String.valueOf(RECORDS / GUILDS + 1));
                assertThat(one(statement, "SELECT COUNT(*) || '/' || MIN(user_id) || '/' || MIN(source) FROM xp_log"))
                        .as("the XP log's trigger (V5) logs the new record")
                        .isEqualTo("1/1/store");
                statement.executeUpdate("DELETE FROM level_record WHERE id = '1000:1'");
                statement.executeUpdate("DELETE FROM xp_log");
            }
        }
    }

    private static String one(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getString(1);
        }
    }

    /** A child JVM that opens the store at {@code url}, returned once it printed its first line. */
    private static Process start(String url, List<String> lines) throws IOException {
        Process process = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        StoreStart.class.getName(),
                        url)
                .redirectErrorStream(true)
                .start();
        BufferedReader output =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = output.readLine();
        assertThat(first).as("the start's first line").isEqualTo("opening");
        Thread drain = new Thread(() -> {
            try {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    lines.add(line); // read so the child never blocks on a full pipe
                }
            } catch (IOException ended) {
                // the child was killed
            }
        });
        drain.setDaemon(true);
        drain.start();
        return process;
    }
}
