package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.testing.Await;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.AfterParameterizedClassInvocation;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A big guild's leaderboard is read from the index in order, in keyset batches of one snapshot, ahead of
 * its consumer: the connection goes back to the pool once the batches are read, however slowly (or not
 * at all) the records are taken. Shown by query plans, by the pool's counters and by what is read, never
 * by time.
 */
@Tag("verify")
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class LeaderboardStreamingTest {

    private static final int RECORDS = 60_000;
    private static final GuildId BIG = new GuildId(7L);
    private static final int BATCH = 1000;
    private static final Duration SOON = Duration.ofSeconds(10);

    @Parameter
    StoreBackend backend;

    private static StoreContext stores;

    @BeforeParameterizedClassInvocation
    static void start(StoreBackend backend) {
        stores = StoreContext.start(
                backend.freshDatabase("streaming"), java.util.Map.of("store.leaderboard.batch-size", BATCH));
        stores.importLevels(bigGuild());
    }

    /** The big guild with many ties on level and xp, and a few other guilds around it. */
    private static Iterable<LevelRecord> bigGuild() {
        return () -> IntStream.range(0, RECORDS + 3_000)
                .mapToObj(i -> new LevelRecord(
                        (i < RECORDS ? "7:" : (6 + (i % 3) * 64) + ":") + i,
                        U64.ofNonNegative(i * 7919L % 503),
                        U64.ofNonNegative(i % 50)))
                .iterator();
    }

    @AfterParameterizedClassInvocation
    static void stop() {
        stores.close();
    }

    @Test
    void everyKeysetQueryReadsTheLeaderboardIndexInOrder_withoutSorting_whateverTheStatistics() throws SQLException {
        String analyze = backend == StoreBackend.POSTGRES ? "ANALYZE level_record" : "ANALYZE";
        assertEveryKeysetPlanReadsTheIndex("bulk loaded, no statistics");
        stores.execute(analyze);
        assertEveryKeysetPlanReadsTheIndex("analyzed, one guild 95 % of the table");
        stores.importLevels(() -> IntStream.range(0, 40_000)
                .mapToObj(i -> record((1000 + i % 400) + ":" + i, i % 300, i % 40))
                .iterator());
        stores.execute(analyze);
        assertEveryKeysetPlanReadsTheIndex("analyzed, 400 more guilds");
        if (backend == StoreBackend.POSTGRES) {
            // Prepared statements end up with a generic plan, made without knowing the guild.
            try (Connection connection = readersConnection()) {
                connection.createStatement().execute("SET LOCAL plan_cache_mode = force_generic_plan");
                for (String sql : keysetQueries()) {
                    assertReadsTheIndexInOrder(explain(connection, sql), "generic plan of " + sql);
                }
                connection.rollback();
            }
        }
    }

    @Test
    void aReadIsOneSnapshot_writesBetweenBatchesAreNotSeen() throws SQLException {
        assertThat(readWhileWriting(Connection.TRANSACTION_REPEATABLE_READ)).isTrue();
    }

    @Test
    void withoutTheSnapshot_writesBetweenBatchesSkipAndRepeatRecords_soTheTestAboveCanFail() throws SQLException {
        assertThat(readWhileWriting(Connection.TRANSACTION_READ_COMMITTED)).isFalse();
    }

    /**
     * Reads a guild in batches of 3 through the store's keyset and snapshot; after the first batch another
     * connection moves a record from behind the read to before it and one from before it to behind, and
     * adds one. Whether the read gave exactly the guild as it was before the writes.
     */
    private boolean readWhileWriting(int isolation) throws SQLException {
        GuildId guild = new GuildId(99L);
        List<LevelRecord> before = List.of(
                record("99:1", 90, 9),
                record("99:2", 80, 8),
                record("99:3", 70, 7),
                record("99:4", 60, 6),
                record("99:5", 50, 5),
                record("99:6", 40, 4),
                record("99:7", 30, 3));
        stores.insertLevels(before);
        try {
            List<LevelRecord> read = new ArrayList<>();
            try (Connection connection = ReadCursors.openSnapshot(stores.pool());
                    LeaderboardKeyset keyset = new LeaderboardKeyset(connection, guild, 3)) {
                connection.setTransactionIsolation(isolation);
                read.addAll(keyset.next());
                stores.execute(
                        "UPDATE level_record SET level = 10 WHERE id = '99:6'",
                        "UPDATE level_record SET level = 1 WHERE id = '99:2'",
                        "INSERT INTO level_record (id, xp, level) VALUES ('99:8', 1, 6)");
                while (!keyset.exhausted()) {
                    read.addAll(keyset.next());
                }
                connection.rollback();
            }
            return read.equals(before);
        } finally {
            stores.execute("DELETE FROM level_record WHERE guild_id = '99'");
        }
    }

    @Test
    void theWholeGuildComesInLeaderboardOrder_acrossBatchBoundariesInTies() {
        List<LevelRecord> expected = new ArrayList<>();
        bigGuild().forEach(r -> {
            if (r.id().startsWith("7:")) {
                expected.add(r);
            }
        });
        expected.sort(LeaderboardOrder.COMPARATOR);

        List<LevelRecord> read;
        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(BIG)) {
            read = records.toList();
        }
        assertThat(read).hasSize(RECORDS).isEqualTo(expected);
    }

    @Test
    void aConsumerThatTakesNothingMore_holdsNoConnection_onceTheBatchesAreRead() {
        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(BIG)) {
            Iterator<LevelRecord> idle = records.iterator();
            LevelRecord first = idle.next();

            awaitNoActiveConnection();

            long rest = 0;
            while (idle.hasNext()) {
                idle.next();
                rest++;
            }
            assertThat(first.id()).startsWith("7:");
            assertThat(rest).isEqualTo(RECORDS - 1);
        }
    }

    @Test
    void streamsClosedEarly_giveTheirConnectionsBack() {
        for (int i = 0; i < 30; i++) {
            try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(BIG)) {
                assertThat(records.findFirst()).isPresent();
            }
        }
        awaitNoActiveConnection();
    }

    @Test
    void streamsNeverClosed_giveTheirConnectionsBackOnceRead() {
        List<Stream<LevelRecord>> forgotten = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            forgotten.add(store().recordsInLeaderboardOrder(BIG));
        }
        awaitNoActiveConnection();
        forgotten.forEach(Stream::close);
    }

    @Test
    void aFailureAfterTheFirstBatch_comesAfterTheRecordsReadBeforeIt_andTheConnectionGoesBack() {
        int failingQuery = 4; // the first batch is one query; each later batch one to three
        SqlLevelStore failing = new SqlLevelStore(FailingQueries.after(stores.pool(), failingQuery), 100, 10_000);
        try {
            List<LevelRecord> taken = new ArrayList<>();
            try (Stream<LevelRecord> records = failing.recordsInLeaderboardOrder(BIG)) {
                assertThatThrownBy(() -> records.forEach(taken::add))
                        .isInstanceOf(StoreException.class)
                        .hasMessageContaining("Reading the leaderboard of guild 7 failed")
                        .hasRootCauseMessage("query " + failingQuery + " failed on purpose");
            }
            assertThat(taken).hasSizeGreaterThanOrEqualTo(100).hasSizeLessThan(400);
            assertThat(taken).isEqualTo(firstRecords(taken.size()));
            awaitNoActiveConnection();
        } finally {
            failing.stopReading();
        }
    }

    @Test
    void aFailureBeforeTheFirstRecord_isThrownByTheCall() {
        SqlLevelStore failing = new SqlLevelStore(FailingQueries.after(stores.pool(), 1), 100, 10_000);
        try {
            assertThatThrownBy(() -> failing.recordsInLeaderboardOrder(BIG))
                    .isInstanceOf(StoreException.class)
                    .hasRootCauseMessage("query 1 failed on purpose");
            awaitNoActiveConnection();
        } finally {
            failing.stopReading();
        }
    }

    private List<LevelRecord> firstRecords(int count) {
        try (Stream<LevelRecord> records = store().recordsInLeaderboardOrder(BIG)) {
            return records.limit(count).toList();
        }
    }

    private static LevelStore store() {
        return stores.bean(LevelStore.class);
    }

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    private static void awaitNoActiveConnection() {
        HikariDataSource pool = (HikariDataSource) stores.pool();
        Await.until(
                "no pool connection active",
                SOON,
                () -> pool.getHikariPoolMXBean().getActiveConnections() == 0);
    }

    private static List<String> keysetQueries() {
        return List.of(
                LeaderboardKeyset.first(LeaderboardKeyset.FIRST_BATCH),
                LeaderboardKeyset.sameLevelAndXp(BATCH),
                LeaderboardKeyset.sameLevel(BATCH),
                LeaderboardKeyset.lowerLevel(BATCH));
    }

    private void assertEveryKeysetPlanReadsTheIndex(String situation) throws SQLException {
        try (Connection connection = readersConnection()) {
            for (String sql : keysetQueries()) {
                assertReadsTheIndexInOrder(explain(connection, sql), situation + ": " + sql);
            }
            connection.rollback();
        }
    }

    /** A connection set up as a leaderboard reader sets up its own. */
    private static Connection readersConnection() throws SQLException {
        Connection connection = ReadCursors.openSnapshot(stores.pool());
        LeaderboardKeyset.steerPlanner(connection);
        return connection;
    }

    private void assertReadsTheIndexInOrder(String plan, String what) {
        assertThat(plan).as(what).containsIgnoringCase("level_record_leaderboard");
        if (backend == StoreBackend.H2) {
            assertThat(plan).as(what).contains("index sorted");
        } else {
            assertThat(plan).as(what).doesNotContain("Sort").doesNotContain("Seq Scan");
        }
    }

    /** The plan of {@code sql} with its parameters bound to values of the big guild. */
    private static String explain(Connection connection, String sql) throws SQLException {
        try (PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql)) {
            explain.setString(1, BIG.toString());
            int parameters = explain.getParameterMetaData().getParameterCount();
            Object[] values = {new java.math.BigDecimal(25), new java.math.BigDecimal(250), "7:30000"};
            for (int i = 2; i <= parameters; i++) {
                explain.setObject(i, values[i - 2]);
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rows = explain.executeQuery()) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    /** The pool, with the {@code n}th query run through it failing. */
    private static final class FailingQueries {
        static DataSource after(DataSource pool, int n) {
            java.util.concurrent.atomic.AtomicInteger queries = new java.util.concurrent.atomic.AtomicInteger();
            return (DataSource) java.lang.reflect.Proxy.newProxyInstance(
                    DataSource.class.getClassLoader(), new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                        Object result = invoke(method, pool, args);
                        if (result instanceof Connection connection) {
                            return wrap(Connection.class, connection, (m, a) -> {
                                Object made = invoke(m, connection, a);
                                if (made instanceof PreparedStatement statement) {
                                    return wrap(PreparedStatement.class, statement, (sm, sa) -> {
                                        if (sm.getName().equals("executeQuery") && queries.incrementAndGet() == n) {
                                            throw new SQLException("query " + n + " failed on purpose");
                                        }
                                        return invoke(sm, statement, sa);
                                    });
                                }
                                return made;
                            });
                        }
                        return result;
                    });
        }

        interface Handler {
            Object handle(java.lang.reflect.Method method, Object[] args) throws Throwable;
        }

        private static <T> T wrap(Class<T> type, T target, Handler handler) {
            return type.cast(java.lang.reflect.Proxy.newProxyInstance(
                    type.getClassLoader(),
                    new Class<?>[] {type},
                    (proxy, method, args) -> handler.handle(method, args)));
        }

        private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
