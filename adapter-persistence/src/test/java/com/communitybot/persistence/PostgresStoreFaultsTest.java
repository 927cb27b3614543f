package com.communitybot.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.testing.StoreContext;
import com.communitybot.persistence.testing.TestPostgres;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingSupplier;

/**
 * When PostgreSQL fails under the store, calls fail with {@link StoreException} within seconds, change
 * nothing, and the store works again by itself once the database does. The database is owned by a role of
 * its own, so the test can take that role's privileges and connections away.
 */
@Tag("verify")
class PostgresStoreFaultsTest {

    private static final GuildId GUILD = new GuildId(42L);
    private static final LevelTrack MAIN = new LevelTrack("main", List.of(new TrackLevelRole("1", U64.ZERO)));
    /** Far above the store's own bounds (a 3 s pool wait), so a hang shows as a failure, not as a slow test. */
    private static final Duration HANG = Duration.ofSeconds(20);
    /** Hikari's default maximum pool size, which the store keeps. */
    private static final int POOL_SIZE = 10;

    private static StoreContext stores;

    @BeforeAll
    static void start() {
        stores = StoreContext.start(TestPostgres.freshDatabaseWithOwnRole("faults"), Map.of());
    }

    @AfterAll
    static void stop() {
        stores.close();
    }

    @BeforeEach
    void empty() {
        stores.clear();
    }

    private String database() {
        return stores.database().name();
    }

    private void terminateTheStoresConnections() {
        TestPostgres.runAsAdmin(
                "postgres",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity" + " WHERE datname = '" + database()
                        + "' AND pid <> pg_backend_pid()");
    }

    /**
     * The call's result once the store has recovered. The pool hands out a connection used in the last
     * half second without checking it (Hikari's alive-bypass window), so each such connection killed under
     * it may fail one call with a StoreException before the pool drops it: at most one per pooled connection.
     */
    private static <T> T afterRecovery(Supplier<T> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (StoreException e) {
                if (attempt > POOL_SIZE) {
                    throw e;
                }
            }
        }
    }

    @Test
    void connectionsKilledBetweenCalls_theNextCallsWorkAgainWithoutARestart() {
        SettingsStore settings = stores.bean(SettingsStore.class);
        settings.putTrack(GUILD, MAIN);

        terminateTheStoresConnections();

        assertThat(afterRecovery(() -> settings.tracks(GUILD))).containsExactly(MAIN);
        assertThat(settings.tracks(GUILD)).containsExactly(MAIN);
    }

    @Test
    void connectionsKilledBetweenCalls_aLeaderboardStreamWorksAgain() {
        stores.insertLevels(List.of(new LevelRecord("42:1", U64.ZERO, U64.ZERO)));
        LevelStore levels = stores.bean(LevelStore.class);

        terminateTheStoresConnections();

        assertThat(afterRecovery(() -> {
                    try (Stream<LevelRecord> records = levels.recordsInLeaderboardOrder(GUILD)) {
                        return records.toList();
                    }
                }))
                .hasSize(1);
    }

    @Test
    void privilegesRevoked_writesFailWithStoreException_andChangeNothing() {
        SettingsStore settings = stores.bean(SettingsStore.class);
        BetaStore beta = stores.bean(BetaStore.class);
        settings.putTrack(GUILD, MAIN);
        settings.putBridge(GUILD, new LevelBridge("in", new RoleId(1L)));
        beta.addIfAbsent(new BetaServer("1", Instant.EPOCH));
        String role = database() + "_owner";
        TestPostgres.runAsAdmin(
                database(), "REVOKE ALL ON level_track, level_bridge, beta_server, level_record FROM " + role);
        try {
            LevelTrack replacement = new LevelTrack("main", List.of());
            assertThatThrownBy(() -> settings.putTrack(GUILD, replacement)).isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> settings.addTrackIfAbsent(GUILD, new LevelTrack("other", List.of())))
                    .isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> settings.removeBridge(GUILD, "in")).isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> beta.remove("1")).isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> stores.bean(LevelStore.class).recordsInLeaderboardOrder(GUILD))
                    .isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> stores.bean(StoreTransfer.class)
                            .importAtomically(batch -> batch.putLevel(new LevelRecord("42:1", U64.ZERO, U64.ZERO))))
                    .isInstanceOf(StoreException.class);
        } finally {
            TestPostgres.runAsAdmin(
                    database(), "GRANT ALL ON level_track, level_bridge, beta_server, level_record TO " + role);
        }

        assertThat(settings.tracks(GUILD)).containsExactly(MAIN);
        assertThat(settings.bridges(GUILD)).containsExactly(new LevelBridge("in", new RoleId(1L)));
        assertThat(beta.all()).containsExactly(new BetaServer("1", Instant.EPOCH));
    }

    @Test
    void aDatabaseRefusingConnections_failsCallsWithinSeconds_andIsUsedAgainOnceItAccepts() throws Exception {
        SettingsStore settings = stores.bean(SettingsStore.class);
        settings.putTrack(GUILD, MAIN);
        TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS false");
        try {
            terminateTheStoresConnections();
            // Empty the pool, so the calls below must open new connections and meet the refusal.
            stores.pool().unwrap(HikariDataSource.class).getHikariPoolMXBean().softEvictConnections();
            assertThatThrownBy(() -> within(() -> settings.tracks(GUILD))).isInstanceOf(StoreException.class);
            assertThatThrownBy(() -> within(() -> {
                        settings.putTrack(GUILD, new LevelTrack("main", List.of()));
                        return null;
                    }))
                    .isInstanceOf(StoreException.class);
        } finally {
            TestPostgres.runAsAdmin("postgres", "ALTER DATABASE " + database() + " ALLOW_CONNECTIONS true");
        }

        assertThat(within(() -> afterRecovery(() -> settings.tracks(GUILD)))).containsExactly(MAIN);
    }

    private static <T> T within(ThrowingSupplier<T> call) {
        return assertTimeoutPreemptively(HANG, call);
    }
}
