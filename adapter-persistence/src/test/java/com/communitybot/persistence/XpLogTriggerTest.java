package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.core.testing.Await;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreFixture;
import com.communitybot.persistence.testing.TestDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The XP log's triggers (migrations V4, V5): every change of a level record, whoever makes it, is one event in the
 * same transaction. The bot is a plain JDBC connection of its own, as the bot process is: its writes are logged with
 * source {@code store}; the service's own writes, marked through {@link StoreEngine#asApiWrites}, with {@code api}
 * and their reason; an import logs nothing (ledger.md L2).
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class XpLogTriggerTest {

    private static final String MAX = "18446744073709551615";

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("xp_log");

    /** An event as the log holds it, in one line: guild, user, before, after, source, reason. */
    private static List<String> events() {
        List<String> events = new ArrayList<>();
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT guild_id, user_id, level_before, xp_before,"
                        + " level_after, xp_after, source, reason FROM xp_log ORDER BY id")) {
            while (rows.next()) {
                events.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getBigDecimal(3) + "/"
                        + rows.getBigDecimal(4) + " -> " + rows.getBigDecimal(5) + "/" + rows.getBigDecimal(6) + " "
                        + rows.getString(7) + " " + rows.getString(8));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return events;
    }

    /** A connection of the bot's own, opened beside the service's pool as another process would. */
    private Connection bot() throws SQLException {
        TestDatabase database = stores.context().database();
        String user = (String) database.properties().get("datasources.default.username");
        String password = (String) database.properties().get("datasources.default.password");
        return DriverManager.getConnection(StoreUrls.withRequiredOptions(database.url()), user, password);
    }

    /** The bot's write of a record that may exist: PostgreSQL's upsert, H2's merge (docs/store.md). */
    private String upsert(String id, String xp, String level) {
        return backend == StoreBackend.H2
                ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES ('" + id + "', " + xp + ", " + level + ")"
                : "INSERT INTO level_record (id, xp, level) VALUES ('" + id + "', " + xp + ", " + level
                        + ") ON CONFLICT (id) DO UPDATE SET xp = EXCLUDED.xp, level = EXCLUDED.level";
    }

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    @Test
    void theBotsInsertsUpdatesAndDeletes_areLoggedAsStore_oneEventEach() throws SQLException {
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('10:20', 5, 1)");
            statement.execute(upsert("10:20", "7", "1"));
            statement.execute("UPDATE level_record SET level = 2 WHERE id = '10:20'");
            statement.execute(upsert("10:21", "1", "0"));
            statement.execute("DELETE FROM level_record WHERE id = '10:20'");
        }

        assertThat(events())
                .containsExactly(
                        "10 20 null/null -> 1/5 store null",
                        "10 20 1/5 -> 1/7 store null",
                        "10 20 1/7 -> 2/7 store null",
                        "10 21 null/null -> 0/1 store null",
                        "10 20 2/7 -> null/null store null");
    }

    @Test
    void aWriteThatLeavesLevelAndXpAsTheyWere_logsNothing() throws SQLException {
        stores.insertLevels(List.of(record("10:20", 5, 1)));
        stores.execute("DELETE FROM xp_log");
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            statement.execute(upsert("10:20", "5", "1"));
            statement.execute("UPDATE level_record SET xp = xp WHERE id = '10:20'");
        }

        assertThat(events()).isEmpty();
    }

    @Test
    void aRecordOfNoGuild_isNotLogged_andAnIdChange_isARemovalAndACreation() throws SQLException {
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('nocolon', 5, 1)");
            statement.execute("UPDATE level_record SET xp = 6 WHERE id = 'nocolon'");
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('10:a:b', 5, 1)");
            statement.execute("UPDATE level_record SET id = '11:c' WHERE id = '10:a:b'");
            statement.execute("UPDATE level_record SET id = 'gone' WHERE id = '11:c'");
        }

        assertThat(events())
                .containsExactly(
                        "10 a:b null/null -> 1/5 store null",
                        "10 a:b 1/5 -> null/null store null",
                        "11 c null/null -> 1/5 store null",
                        "11 c 1/5 -> null/null store null");
    }

    @Test
    void unsignedValuesBeyond2To63_areLoggedExactly() throws SQLException {
        try (Connection bot = bot();
                PreparedStatement insert =
                        bot.prepareStatement("INSERT INTO level_record (id, xp, level) VALUES ('1:2', ?, ?)")) {
            insert.setBigDecimal(1, new BigDecimal(MAX));
            insert.setBigDecimal(2, new BigDecimal("9223372036854775808"));
            insert.executeUpdate();
        }

        assertThat(events()).containsExactly("1 2 null/null -> 9223372036854775808/" + MAX + " store null");
    }

    @Test
    void aRolledBackWrite_logsNothing_andAnEventCommitsWithItsWrite() throws SQLException {
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            bot.setAutoCommit(false);
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('1:2', 1, 1)");
            assertThat(events())
                    .as("seen from another connection before the commit")
                    .isEmpty();
            bot.rollback();
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('1:3', 1, 1)");
            bot.commit();
        }

        assertThat(events()).containsExactly("1 3 null/null -> 1/1 store null");
    }

    /**
     * A write undone by a rollback to a savepoint logs nothing, and the transaction's other writes are logged when it
     * commits (on PostgreSQL the events are written at commit, V7: what the savepoint undid is no longer queued).
     */
    @Test
    void aWriteRolledBackToASavepoint_logsNothing_andTheRestOfItsTransactionIsLogged() throws SQLException {
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            bot.setAutoCommit(false);
            statement.execute(upsert("10:1", "1", "1"));
            Savepoint savepoint = bot.setSavepoint();
            statement.execute(upsert("11:1", "1", "1"));
            statement.execute(upsert("10:1", "2", "1"));
            bot.rollback(savepoint);
            statement.execute(upsert("10:2", "1", "1"));
            bot.commit();
        }

        assertThat(events()).containsExactly("10 1 null/null -> 1/1 store null", "10 2 null/null -> 1/1 store null");
    }

    @Test
    void theServicesMarkedWrites_areLoggedAsApi_withTheirReason_andTheMarkEndsWithTheWork() throws SQLException {
        StoreEngine engine = StoreEngine.of(stores.pool());
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            engine.asApiWrites(
                    connection,
                    "weekly bonus",
                    Instant.now(),
                    () -> statement.executeUpdate("INSERT INTO level_record (id, xp, level) VALUES ('1:2', 100, 3)"));
            engine.asApiWrites(
                    connection,
                    null,
                    Instant.now(),
                    () -> statement.executeUpdate("UPDATE level_record SET xp = 0 WHERE id = '1:2'"));
            engine.asApiWrites(
                    connection,
                    "",
                    Instant.now(),
                    () -> statement.executeUpdate("UPDATE level_record SET xp = 1 WHERE id = '1:2'"));
            connection.commit();
            // The same pooled connection, its next transaction unmarked: a write there is no longer the service's.
            statement.executeUpdate("UPDATE level_record SET xp = 2 WHERE id = '1:2'");
            connection.commit();
            connection.setAutoCommit(true);
        }

        assertThat(events())
                .containsExactly(
                        "1 2 null/null -> 3/100 api weekly bonus",
                        "1 2 3/100 -> 3/0 api null",
                        "1 2 3/0 -> 3/1 api ",
                        "1 2 3/1 -> 3/2 store null");
    }

    @Test
    void aFailedMarkedWrite_leavesNoMarkOnThePooledConnection() throws SQLException {
        StoreEngine engine = StoreEngine.of(stores.pool());
        stores.insertLevels(List.of(record("1:2", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            assertThatThrownBy(() -> engine.asApiWrites(connection, "why", Instant.now(), () -> {
                        statement.executeUpdate("UPDATE level_record SET xp = 5 WHERE id = '1:2'");
                        throw new SQLException("the work failed");
                    }))
                    .hasMessage("the work failed");
            connection.rollback();
            statement.executeUpdate("UPDATE level_record SET xp = 6 WHERE id = '1:2'");
            connection.commit();
            connection.setAutoCommit(true);
        }

        assertThat(events()).containsExactly("1 2 1/1 -> 1/6 store null");
    }

    @Test
    void anImport_logsNothing_andTheBotsWritesAreLoggedAgainAfterIt() throws SQLException {
        stores.insertLevels(List.of(record("7:1", 1, 1), record("7:2", 1, 1), record("9:1", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        StoreTransfer transfer = stores.bean(StoreTransfer.class);

        transfer.importAtomically(batch -> {
            IntStream.range(0, 2_500).forEach(i -> batch.putLevel(record("7:" + i, i, 1)));
            batch.deleteGuildLevels(new GuildId(9));
            batch.putLevel(record("9:5", 5, 5));
        });
        assertThat(events()).as("after the import").isEmpty();

        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            statement.execute("UPDATE level_record SET xp = 3 WHERE id = '7:1'");
        }
        stores.insertLevels(List.of(record("7:new", 1, 1)));
        assertThat(events()).containsExactly("7 1 1/1 -> 1/3 store null", "7 new null/null -> 1/1 store null");
    }

    @Test
    void aFailedImport_logsNothing_andLeavesTheTriggersOn() {
        stores.insertLevels(List.of(record("7:1", 1, 1)));
        stores.execute("DELETE FROM xp_log");

        assertThatThrownBy(() -> stores.bean(StoreTransfer.class).importAtomically(batch -> {
                    IntStream.range(0, 1_500).forEach(i -> batch.putLevel(record("7:" + i, i, 1)));
                    throw new IllegalArgumentException("a broken data file");
                }))
                .hasMessage("a broken data file");
        stores.insertLevels(List.of(record("7:new", 1, 1)));

        assertThat(events()).containsExactly("7 new null/null -> 1/1 store null");
    }

    @Test
    void anEvent_hasTheTimeOfItsWrite_toTheMillisecond_andIdsGrowInWriteOrder() throws SQLException {
        Instant before = Instant.now().minusMillis(1);
        stores.insertLevels(List.of(record("1:1", 1, 1)));
        stores.insertLevels(List.of(record("1:2", 1, 1)));
        Instant after = Instant.now().plusMillis(1);

        List<Instant> times = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT id, EXTRACT(EPOCH FROM logged_at) FROM xp_log ORDER BY user_id")) {
            while (rows.next()) {
                ids.add(rows.getLong(1));
                BigDecimal seconds = rows.getBigDecimal(2);
                assertThat(seconds.movePointRight(3).stripTrailingZeros().scale())
                        .as("whole milliseconds")
                        .isLessThanOrEqualTo(0);
                times.add(Instant.ofEpochMilli(seconds.movePointRight(3).longValueExact()));
            }
        }
        assertThat(ids).isSorted().doesNotHaveDuplicates().hasSize(2);
        assertThat(times).allSatisfy(at -> assertThat(at).isBetween(before, after));
        assertThat(times.get(1)).isAfterOrEqualTo(times.get(0));
    }

    /**
     * A guild's event ids are in commit order (migration V6), what a stream resuming after an id needs: once a reader
     * has seen an id, no event of the guild commits below it. A first writer stays open while a second writes; on H2
     * the second waits for the first's commit, on PostgreSQL it commits first and the first's event is published
     * after it. Before V6 the second committed first with the higher id, and the first's event then appeared below an
     * id the reader had already seen: a stream resuming there would never give it.
     */
    @Test
    void aGuildsEventIds_areInCommitOrder_noEventAppearsBelowAnIdAlreadySeen() throws Exception {
        // Updates of records already there: a new record also takes the guild's size row (V3), which hid the point.
        stores.insertLevels(List.of(record("10:1", 1, 1), record("10:2", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        ExecutorService second = Executors.newSingleThreadExecutor();
        try (Connection first = bot()) {
            first.setAutoCommit(false);
            first.createStatement().execute(upsert("10:1", "5", "1"));

            Future<?> secondWrite = second.submit(() -> {
                try (Connection bot = bot();
                        Statement statement = bot.createStatement()) {
                    statement.execute(upsert("10:2", "5", "1"));
                }
                return null;
            });
            Await.until(
                    "the second writer of guild 10 done or waiting on a lock",
                    Duration.ofSeconds(30),
                    () -> secondWrite.isDone() || waitingOnALock() > 0);
            List<Long> seen = eventIds("10");
            first.commit();
            secondWrite.get(30, TimeUnit.SECONDS);

            List<Long> all = eventIds("10");
            assertThat(all).hasSize(2);
            List<Long> later = new ArrayList<>(all);
            later.removeAll(seen);
            long highestSeen = seen.stream().mapToLong(Long::longValue).max().orElse(0);
            assertThat(later)
                    .as("events that appeared after the reader saw %s", seen)
                    .allSatisfy(id -> assertThat(id).isGreaterThan(highestSeen));
        } finally {
            second.shutdownNow();
        }
    }

    /**
     * The bot may write many records in one transaction while another writer changes one of them (PostgreSQL, where
     * the bot writes beside the service). The guild's lock is taken at commit, after every record's, so the two only
     * wait for each other's records: had the first held the guild's lock from its first event on, the second would
     * hold its record while waiting for that lock, and the first would wait for the record: a deadlock.
     */
    @Test
    void aBotsTransactionOfManyRecords_andAWriteOfOneOfThem_bothCommit() throws Exception {
        assumeTrue(backend == StoreBackend.POSTGRES, "on H2 no bot writes beside the service (docs/store.md)");
        stores.insertLevels(List.of(record("10:1", 1, 1), record("10:2", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Connection batch = bot()) {
            batch.setAutoCommit(false);
            batch.createStatement().execute(upsert("10:1", "5", "1"));
            Future<?> single = other.submit(() -> {
                try (Connection bot = bot();
                        Statement statement = bot.createStatement()) {
                    statement.execute(upsert("10:2", "6", "1"));
                }
                return null;
            });
            single.get(30, TimeUnit.SECONDS);
            batch.createStatement().execute(upsert("10:2", "7", "1"));
            batch.commit();
        } finally {
            other.shutdownNow();
        }
        assertThat(events())
                .containsExactly(
                        "10 2 1/1 -> 1/6 store null", "10 1 1/1 -> 1/5 store null", "10 2 1/6 -> 1/7 store null");
    }

    /**
     * One transaction of the bot that changes thousands of records commits as fast as it wrote: the commit writes
     * every event at once (PostgreSQL, V7), in the order they were written, and leaves none staged.
     */
    @Test
    void aTransactionOfThousandsOfWrites_logsEveryOne_inOrder_andLeavesNoneStaged() throws Exception {
        int records = 3_000;
        try (Connection bot = bot();
                Statement statement = bot.createStatement()) {
            bot.setAutoCommit(false);
            for (int i = 0; i < records; i++) {
                statement.addBatch(upsert("10:" + i, Integer.toString(i), "1"));
            }
            statement.executeBatch();
            statement.execute("DELETE FROM level_record WHERE id = '10:0'");
            bot.commit();
        }
        List<String> logged = events();
        assertThat(logged).hasSize(records + 1);
        assertThat(logged.get(0)).isEqualTo("10 0 null/null -> 1/0 store null");
        assertThat(logged.get(records - 1)).isEqualTo("10 2999 null/null -> 1/2999 store null");
        assertThat(logged.get(records)).isEqualTo("10 0 1/0 -> null/null store null");
        if (backend == StoreBackend.POSTGRES) {
            try (Connection connection = stores.pool().getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet staged = statement.executeQuery("SELECT COUNT(*) FROM xp_log_pending")) {
                staged.next();
                assertThat(staged.getLong(1)).as("events left staged").isZero();
            }
        }
    }

    /**
     * A bulk write (a reset) takes the guild's lock of the log's order only when it publishes, its last step: a writer
     * of the guild meanwhile commits. On H2 the trigger took the lock at the bulk write's first record, and a reset
     * then waited for the guild's size held by a writer that waited for the lock (a deadlock in
     * {@code reset_whileTheBotAndTheApiWrite...} of the ledger's contract).
     */
    @Test
    void aBulkWritesDeletes_holdNoLockOfTheGuildsLog_untilItPublishes() throws Exception {
        stores.insertLevels(List.of(record("10:1", 1, 1), record("10:2", 1, 1)));
        StoreEngine engine = StoreEngine.of(stores.pool());
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Connection reset = stores.pool().getConnection()) {
            reset.setAutoCommit(false);
            engine.suspendTriggers(reset, true);
            try {
                engine.deleteAndStage(reset, "10:", "10:1", "season 2", Instant.parse("2026-01-01T00:00:00Z"));
            } finally {
                engine.resumeTriggers(reset);
            }

            Future<?> botWrite = other.submit(() -> {
                try (Connection bot = bot();
                        Statement statement = bot.createStatement()) {
                    statement.execute(upsert("10:3", "5", "1"));
                }
                return null;
            });
            botWrite.get(30, TimeUnit.SECONDS);

            engine.publishLog(reset, "10");
            reset.commit();
        } finally {
            other.shutdownNow();
        }
        assertThat(events())
                .filteredOn(e -> e.startsWith("10 "))
                .containsSubsequence("10 1 1/1 -> null/null api season 2")
                .contains("10 3 null/null -> 1/5 store null");
    }

    /**
     * Two transactions of the bot, each over two guilds, written in the opposite order of guilds, commit while a
     * third holds the first guild's lock of the log's order (PostgreSQL, V7): both take their guilds' locks in guild
     * order, so both commit once it is free, the first to ask first, and each guild's ids follow the commits. Taken
     * in the order of their writes, the first would hold guild 10's lock and wait for 11's, held by the second
     * waiting for 10's: a deadlock, which PostgreSQL ends by failing one of the commits.
     */
    @Test
    void twoTransactionsOverTwoGuildsInOppositeOrders_bothCommit_inOrder() throws Exception {
        assumeTrue(backend == StoreBackend.POSTGRES, "on H2 no bot writes beside the service (docs/store.md)");
        stores.insertLevels(
                List.of(record("10:1", 1, 1), record("10:2", 1, 1), record("11:1", 1, 1), record("11:2", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        try (Connection first = bot();
                Connection second = bot()) {
            first.setAutoCommit(false);
            first.createStatement().execute(upsert("10:1", "5", "1"));
            first.createStatement().execute(upsert("11:1", "5", "1"));
            second.setAutoCommit(false);
            second.createStatement().execute(upsert("11:2", "6", "1"));
            second.createStatement().execute(upsert("10:2", "6", "1"));

            commitInTurnWhileGuild10IsHeld(first, second);
        }
        assertThat(events())
                .containsExactly(
                        "10 1 1/1 -> 1/5 store null",
                        "11 1 1/1 -> 1/5 store null",
                        "11 2 1/1 -> 1/6 store null",
                        "10 2 1/1 -> 1/6 store null");
    }

    /**
     * A transaction over many guilds (more than V7 lists, 64) and one over two of them commit while a third session
     * holds guild 10's lock (PostgreSQL). The one of two guilds asks first: it locks 10, then 11, in guild order; the
     * one of many takes 11 first, as it wrote them, and then waits for 10. Without the order lock that a commit of
     * many guilds takes alone (exclusive) and one of a few shares, the first would get 10 and wait for 11, the second
     * hold 11 and wait for 10: a deadlock. With it, both commit, and each guild's ids follow the commits.
     */
    @Test
    void aTransactionOverManyGuilds_andOneOverTwoOfThem_bothCommit() throws Exception {
        assumeTrue(backend == StoreBackend.POSTGRES, "on H2 no bot writes beside the service (docs/store.md)");
        // Updates of records already there: a new record takes its guild's size row (V3), which both would want.
        List<LevelRecord> records = new ArrayList<>(List.of(record("10:1", 1, 1), record("11:1", 1, 1)));
        for (int guild = 10; guild <= 110; guild++) {
            records.add(record(guild + ":2", 1, 1));
        }
        stores.insertLevels(records);
        stores.execute("DELETE FROM xp_log");
        try (Connection few = bot();
                Connection many = bot()) {
            few.setAutoCommit(false);
            few.createStatement().execute(upsert("10:1", "5", "1"));
            few.createStatement().execute(upsert("11:1", "5", "1"));
            many.setAutoCommit(false);
            try (Statement statement = many.createStatement()) {
                for (int guild = 11; guild <= 110; guild++) {
                    statement.execute(upsert(guild + ":2", "6", "1"));
                }
                statement.execute(upsert("10:2", "6", "1"));
                try (ResultSet noted = statement.executeQuery("SELECT current_setting('communitybot.log_guilds')")) {
                    noted.next();
                    assertThat(noted.getString(1))
                            .as("the guilds noted past 64")
                            .isEqualTo("*");
                }
            }

            commitInTurnWhileGuild10IsHeld(few, many);
        }
        assertThat(events()).hasSize(103);
        assertThat(eventIds("10")).hasSize(2).isSorted();
        assertThat(events().subList(0, 2)).containsExactly("10 1 1/1 -> 1/5 store null", "11 1 1/1 -> 1/5 store null");
    }

    /** The hold is the guild's: a writer of another guild goes on while a transaction of the first is open. */
    @Test
    void aWriterOfAnotherGuild_doesNotWait() throws Exception {
        stores.insertLevels(List.of(record("10:1", 1, 1), record("11:1", 1, 1)));
        stores.execute("DELETE FROM xp_log");
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Connection first = bot()) {
            first.setAutoCommit(false);
            first.createStatement().execute(upsert("10:1", "5", "1"));

            Future<?> otherGuild = other.submit(() -> {
                try (Connection bot = bot();
                        Statement statement = bot.createStatement()) {
                    statement.execute(upsert("11:1", "5", "1"));
                }
                return null;
            });
            otherGuild.get(30, TimeUnit.SECONDS);
            assertThat(eventIds("11"))
                    .as("the other guild's event, committed while guild 10's writer is open")
                    .hasSize(1);
            first.rollback();
        } finally {
            other.shutdownNow();
        }
        assertThat(eventIds("10")).as("the rolled back write logged nothing").isEmpty();
    }

    /**
     * With guild 10's lock of the log's order held by a third session: commits {@code first}, waits until it waits
     * for that lock, commits {@code second}, waits until it waits too (or is done), then lets go of the lock: both
     * must commit.
     */
    private void commitInTurnWhileGuild10IsHeld(Connection first, Connection second) throws Exception {
        ExecutorService committers = Executors.newFixedThreadPool(2);
        try (Connection holder = bot()) {
            holder.createStatement().execute("SELECT pg_advisory_lock(hashtextextended('10', 0))");
            Future<?> firstCommit = committers.submit(() -> {
                first.commit();
                return null;
            });
            Await.until("the first commit waiting", Duration.ofSeconds(30), () -> waitingOnALock() == 1);
            Future<?> secondCommit = committers.submit(() -> {
                second.commit();
                return null;
            });
            Await.until(
                    "the second commit waiting or done",
                    Duration.ofSeconds(30),
                    () -> secondCommit.isDone() || waitingOnALock() == 2);
            holder.createStatement().execute("SELECT pg_advisory_unlock(hashtextextended('10', 0))");

            firstCommit.get(30, TimeUnit.SECONDS);
            secondCommit.get(30, TimeUnit.SECONDS);
        } finally {
            committers.shutdownNow();
        }
    }

    /** Sessions of this database waiting for a lock another holds, as the database itself reports them. */
    private long waitingOnALock() throws SQLException {
        String sql = backend == StoreBackend.H2
                ? "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL"
                : "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
                        + " AND wait_event_type = 'Lock'";
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery(sql)) {
            count.next();
            return count.getLong(1);
        }
    }

    private static List<Long> eventIds(String guild) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection connection = stores.pool().getConnection();
                PreparedStatement select =
                        connection.prepareStatement("SELECT id FROM xp_log WHERE guild_id = ? ORDER BY id")) {
            select.setString(1, guild);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
        }
        return ids;
    }

    private static String userOf(long eventId) throws SQLException {
        try (Connection connection = stores.pool().getConnection();
                PreparedStatement select = connection.prepareStatement("SELECT user_id FROM xp_log WHERE id = ?")) {
            select.setLong(1, eventId);
            try (ResultSet row = select.executeQuery()) {
                row.next();
                return row.getString(1);
            }
        }
    }
}
