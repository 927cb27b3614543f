package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.StoreFixture;
import com.communitybot.persistence.testing.TestDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code level_guild_size} holds each guild's number of records through every way the bot and the import
 * write them (the triggers of migration V3), and a member's place counted from the end of the leaderboard
 * with it is the place counted from the start.
 */
@ParameterizedClass(name = "on {0}")
@EnumSource(StoreBackend.class)
class GuildSizesTest {

    @Parameter
    StoreBackend backend;

    @RegisterExtension
    static final StoreFixture stores = new StoreFixture("sizes");

    /** The sizes as the table holds them, guilds of size 0 left out. */
    private static Map<String, Long> sizes() {
        Map<String, Long> sizes = new TreeMap<>();
        query(
                "SELECT guild_id, records FROM level_guild_size WHERE records <> 0",
                rows -> sizes.put(rows.getString(1), rows.getLong(2)));
        return sizes;
    }

    /** The sizes counted from the records themselves. */
    private static Map<String, Long> counted() {
        Map<String, Long> sizes = new TreeMap<>();
        query(
                "SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id IS NOT NULL GROUP BY guild_id",
                rows -> sizes.put(rows.getString(1), rows.getLong(2)));
        return sizes;
    }

    private interface Row {
        void read(ResultSet rows) throws SQLException;
    }

    private static void query(String sql, Row row) {
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                row.read(rows);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The bot's write of a record that may exist: PostgreSQL's upsert, H2's merge. */
    private String upsert(String id) {
        return backend == StoreBackend.H2
                ? "MERGE INTO level_record (id, xp, level) KEY (id) VALUES ('" + id + "', 9, 9)"
                : "INSERT INTO level_record (id, xp, level) VALUES ('" + id
                        + "', 9, 9) ON CONFLICT (id) DO UPDATE SET xp = 9";
    }

    private static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    @Test
    void insertsDeletesAndUpdates_keepEachGuildsSize() {
        stores.insertLevels(
                List.of(record("1:1", 1, 1), record("1:2", 1, 1), record("2:1", 1, 1), record("nocolon", 1, 1)));
        assertThat(sizes()).isEqualTo(Map.of("1", 2L, "2", 1L)).isEqualTo(counted());

        stores.execute("UPDATE level_record SET xp = 5, level = 5 WHERE id = '1:1'", upsert("1:2"), upsert("3:1"));
        assertThat(sizes()).isEqualTo(Map.of("1", 2L, "2", 1L, "3", 1L)).isEqualTo(counted());

        stores.execute(
                "UPDATE level_record SET id = '2:9' WHERE id = '1:2'",
                "UPDATE level_record SET id = '4:1' WHERE id = 'nocolon'",
                "UPDATE level_record SET id = 'gone' WHERE id = '3:1'");
        assertThat(sizes()).isEqualTo(Map.of("1", 1L, "2", 2L, "4", 1L)).isEqualTo(counted());

        stores.execute("DELETE FROM level_record WHERE guild_id = '2'", "DELETE FROM level_record WHERE id = 'gone'");
        assertThat(sizes()).isEqualTo(Map.of("1", 1L, "4", 1L)).isEqualTo(counted());
    }

    @Test
    void aRolledBackWrite_changesNoSize() throws SQLException {
        stores.insertLevels(List.of(record("1:1", 1, 1)));
        try (Connection connection = stores.pool().getConnection();
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES ('1:2', 1, 1)");
            statement.execute("DELETE FROM level_record WHERE id = '1:1'");
            connection.rollback();
        }

        assertThat(sizes()).isEqualTo(Map.of("1", 1L)).isEqualTo(counted());
    }

    @Test
    void manyWritersAtOnce_leaveTheRightSizes() throws Exception {
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int writer = 0; writer < 8; writer++) {
                int w = writer;
                done.add(writers.submit(() -> IntStream.range(0, 50)
                        .forEach(i -> stores.insertLevels(List.of(record((i % 3) + ":" + w + "-" + i, i, 1))))));
            }
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            writers.shutdownNow();
        }
        stores.execute("DELETE FROM level_record WHERE id LIKE '1:%-1%'");

        assertThat(sizes()).isEqualTo(counted());
        assertThat(counted().values().stream().mapToLong(Long::longValue).sum()).isGreaterThan(300);
    }

    @Test
    void theBotsBatches_keepTheSizes() {
        List<LevelRecord> many = IntStream.range(0, 6_000)
                .mapToObj(i -> record((i % 2 == 0 ? "7:" : "8:") + i, i, i % 10))
                .toList();
        stores.insertLevels(many);

        assertThat(sizes()).isEqualTo(Map.of("7", 3_000L, "8", 3_000L));
    }

    @Test
    void anImport_countsTheGuildsItWrote_once_andTheTriggersCountAgainAfterIt() {
        stores.insertLevels(List.of(record("7:1", 1, 1), record("7:2", 1, 1), record("9:1", 1, 1)));
        StoreTransfer transfer = stores.bean(StoreTransfer.class);

        transfer.importAtomically(batch -> {
            IntStream.range(0, 2_500).forEach(i -> batch.putLevel(record("7:" + i, i, 1)));
            IntStream.range(0, 1_500).forEach(i -> batch.putLevel(record("8:" + i, i, 1)));
            batch.putLevel(record("nocolon", 1, 1));
        });
        assertThat(sizes()).isEqualTo(Map.of("7", 2_500L, "8", 1_500L, "9", 1L)).isEqualTo(counted());

        stores.insertLevels(List.of(record("7:new", 1, 1), record("10:1", 1, 1)));
        assertThat(sizes()).isEqualTo(counted());
    }

    @Test
    void anImportThatReplacesAGuild_countsItAfresh() {
        stores.insertLevels(List.of(record("7:1", 1, 1), record("7:2", 1, 1), record("70:1", 1, 1)));

        stores.bean(StoreTransfer.class).importAtomically(batch -> {
            batch.deleteGuildLevels(new GuildId(7));
            batch.putLevel(record("7:9", 1, 1));
        });

        assertThat(sizes()).isEqualTo(Map.of("7", 1L, "70", 1L)).isEqualTo(counted());
    }

    @Test
    void aFailedImport_leavesTheSizesAsTheyWere_andTheTriggersCountAgainAfterIt() {
        stores.insertLevels(List.of(record("7:1", 1, 1)));
        StoreTransfer transfer = stores.bean(StoreTransfer.class);

        assertThatThrownBy(() -> transfer.importAtomically(batch -> {
                    IntStream.range(0, 2_500).forEach(i -> batch.putLevel(record("7:" + i, i, 1)));
                    throw new IllegalArgumentException("a broken data file");
                }))
                .hasMessage("a broken data file");
        assertThat(sizes()).isEqualTo(Map.of("7", 1L)).isEqualTo(counted());

        stores.insertLevels(List.of(record("7:new", 1, 1)));
        assertThat(sizes()).isEqualTo(Map.of("7", 2L)).isEqualTo(counted());
    }

    @Test
    void aGuildReset_countsTheGuildAfresh_whileTheBotWritesOtherGuilds() {
        stores.insertLevels(
                IntStream.range(0, 2_500).mapToObj(i -> record("7:" + i, i, 1)).toList());
        stores.insertLevels(List.of(record("70:1", 1, 1), record("8:1", 1, 1)));

        stores.bean(LevelLedger.class).reset(new GuildId(7), LedgerWrite.at(java.time.Instant.now()));
        stores.insertLevels(List.of(record("7:new", 1, 1), record("8:2", 1, 1)));

        assertThat(sizes()).isEqualTo(Map.of("7", 1L, "70", 1L, "8", 2L)).isEqualTo(counted());
    }

    @Test
    void placesCountedFromTheEnd_areThePlacesCountedFromTheStart() {
        List<LevelRecord> many = IntStream.range(0, 3000)
                .mapToObj(i -> record("7:" + i, i % 17, i % 5))
                .toList();
        stores.insertLevels(many);
        LevelStore levels = stores.bean(LevelStore.class);
        List<LevelRecord> order;
        try (Stream<LevelRecord> all = levels.recordsInLeaderboardOrder(new GuildId(7))) {
            order = all.toList();
        }

        LeaderboardPlace places = new LeaderboardPlace(stores.pool(), Runnable::run);
        stores.insertLevels(List.of(record("77:1", 99, 99), record("nocolon", 1, 1)));

        for (int i : new int[] {0, 1, 1500, 2997, 2998, 2999}) {
            PlacedRecord expected = new PlacedRecord(order.get(i), i + 1);
            assertThat(places.countedFromStart(new GuildId(7), order.get(i).id()))
                    .contains(expected);
            assertThat(places.countedFromEnd(new GuildId(7), order.get(i).id())).contains(expected);
            assertThat(levels.placeOf(new GuildId(7), order.get(i).id())).contains(expected);
        }
        assertThat(places.countedFromEnd(new GuildId(7), "7:3000")).isEmpty();
    }

    @Test
    void aStoreMigratedFromVersion2_startsWithTheSizesOfItsRecords() {
        TestDatabase database = backend.freshDatabase("sizes_from_v2");
        OlderSchemas.migrateTo(database, backend, "2");
        String url = StoreUrls.withRequiredOptions(database.url());
        String user = (String) database.properties().get("datasources.default.username");
        String password = (String) database.properties().get("datasources.default.password");
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO level_record (id, xp, level) VALUES "
                    + "('5:1', 1, 1), ('5:2', 1, 1), ('6:1', 1, 1), ('6', 1, 1), ('x', 1, 1)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }

        try (StoreContext migrated = StoreContext.start(database, Map.of())) {
            Map<String, Long> sizes = new TreeMap<>();
            try (Connection connection = migrated.pool().getConnection();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT guild_id, records FROM level_guild_size")) {
                while (rows.next()) {
                    sizes.put(rows.getString(1), rows.getLong(2));
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            assertThat(sizes).isEqualTo(Map.of("5", 2L, "6", 1L));
        }
    }
}
