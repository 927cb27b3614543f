package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.core.usecase.LeaderboardOrder;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestDatabase;
import com.communitybot.persistence.testing.TestPostgres;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a PostgreSQL database whose default collation is a linguistic one (ICU en-US), ties and exports still
 * come in UTF-8 byte order, and the largest unsigned 64-bit values are stored, ordered and read exactly.
 */
class PostgresByteOrderTest {

    private static final GuildId GUILD = new GuildId(-1L);
    private static final String G = "18446744073709551615:";

    private static StoreContext stores;

    @BeforeAll
    static void start() {
        TestDatabase icu;
        try {
            icu = TestPostgres.freshDatabaseWithIcuCollation("icu");
        } catch (IllegalStateException noIcu) {
            assumeThat(noIcu)
                    .as("this PostgreSQL cannot create an ICU-collated database")
                    .isNull();
            return;
        }
        stores = StoreContext.start(icu, Map.of());
    }

    @AfterAll
    static void stop() {
        if (stores != null) {
            stores.close();
        }
    }

    @Test
    void theDatabaseReallySortsTextLinguistically_soTheTestMeansSomething() {
        stores.execute("CREATE TABLE words (w VARCHAR)", "INSERT INTO words VALUES ('a'), ('B')");
        try (var connection = stores.pool().getConnection();
                var rows = connection.createStatement().executeQuery("SELECT w FROM words ORDER BY w")) {
            rows.next();
            assertThat(rows.getString(1))
                    .as("ICU en-US puts a before B; byte order would not")
                    .isEqualTo("a");
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void tiesComeInByteOrder_andTheLargestValuesComeBackExactly() {
        List<String> users =
                List.of("b", "B", "a", "A", "\u00e9", "e", "10", "9", "_", "a b", "ab", "\uD83D\uDE00", "\uFFFD");
        stores.insertLevels(users.stream()
                .map(u -> new LevelRecord(G + u, U64.MAX, U64.MAX))
                .toList());
        stores.insertLevels(List.of(
                new LevelRecord(G + "low", U64.MAX, new U64(Long.MAX_VALUE)),
                new LevelRecord(G + "lower", new U64(Long.MIN_VALUE), new U64(Long.MAX_VALUE))));

        List<LevelRecord> read;
        try (Stream<LevelRecord> records = stores.bean(LevelStore.class).recordsInLeaderboardOrder(GUILD)) {
            read = records.toList();
        }

        List<LevelRecord> expected = Stream.concat(
                        users.stream().map(u -> new LevelRecord(G + u, U64.MAX, U64.MAX)),
                        Stream.of(
                                new LevelRecord(G + "low", U64.MAX, new U64(Long.MAX_VALUE)),
                                new LevelRecord(G + "lower", new U64(Long.MIN_VALUE), new U64(Long.MAX_VALUE))))
                .sorted(LeaderboardOrder.COMPARATOR)
                .toList();
        assertThat(read).containsExactlyElementsOf(expected);
        assertThat(read.get(0).xp().toString()).isEqualTo("18446744073709551615");
    }

    @Test
    void exportsComeInByteOrder() {
        StoreTransfer transfer = stores.bean(StoreTransfer.class);
        transfer.importAtomically(batch -> {
            for (String id : List.of("b", "B", "a", "A", "\u00e9", "e")) {
                batch.putBetaServer(new BetaServer(id, java.time.Instant.EPOCH));
            }
        });

        try (Stream<BetaServer> beta = transfer.betaServers()) {
            assertThat(beta.map(BetaServer::guildId).toList()).containsExactly("A", "B", "a", "b", "e", "\u00e9");
        }
    }
}
