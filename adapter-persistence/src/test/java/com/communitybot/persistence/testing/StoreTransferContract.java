package com.communitybot.persistence.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.RoleId;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.U64;
import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.port.StoreTransfer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link StoreTransfer} must do (contract 4: import and export of the data file); each
 * implementation's test extends this class. The store is empty at the start of each test.
 */
public abstract class StoreTransferContract {

    protected static final GuildId GUILD = new GuildId(10L);
    protected static final Instant AT = Instant.parse("2026-01-02T03:04:05.678Z");

    protected abstract StoreTransfer transfer();

    protected abstract LevelStore levelStore();

    protected abstract SettingsStore settingsStore();

    protected abstract BetaStore betaStore();

    protected static LevelRecord record(String id, long xp, long level) {
        return new LevelRecord(id, U64.ofNonNegative(xp), U64.ofNonNegative(level));
    }

    protected static LevelTrack track(String name, String... roleIds) {
        return new LevelTrack(
                name,
                Stream.of(roleIds)
                        .map(id -> new TrackLevelRole(id, U64.ofNonNegative(id.length())))
                        .toList());
    }

    private List<LevelRecord> exportedLevels() {
        try (Stream<LevelRecord> levels = transfer().levels()) {
            return levels.toList();
        }
    }

    private List<GuildSettings> exportedSettings() {
        try (Stream<GuildSettings> settings = transfer().guildSettings()) {
            return settings.toList();
        }
    }

    private List<BetaServer> exportedBeta() {
        try (Stream<BetaServer> beta = transfer().betaServers()) {
            return beta.toList();
        }
    }

    @Test
    public void givenAnEmptyStore_everyExportIsEmpty() {
        assertThat(exportedLevels()).isEmpty();
        assertThat(exportedSettings()).isEmpty();
        assertThat(exportedBeta()).isEmpty();
    }

    @Test
    public void importedRecordsAreWhatThePortsThenRead() {
        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 5, 2));
            batch.putTrack(GUILD, track("main", "3", "1"));
            batch.putBridge(GUILD, new LevelBridge("in", new RoleId(-1L)));
            batch.putBetaServer(new BetaServer("10", AT));
        });

        try (Stream<LevelRecord> leaderboard = levelStore().recordsInLeaderboardOrder(GUILD)) {
            assertThat(leaderboard.toList()).containsExactly(record("10:1", 5, 2));
        }
        assertThat(settingsStore().tracks(GUILD)).containsExactly(track("main", "3", "1"));
        assertThat(settingsStore().bridges(GUILD)).containsExactly(new LevelBridge("in", new RoleId(-1L)));
        assertThat(betaStore().all()).containsExactly(new BetaServer("10", AT));
    }

    @Test
    public void importUpsertsByKey_replacingWhatIsStored() {
        settingsStore().putTrack(GUILD, track("main", "1", "2", "3"));
        settingsStore().putBridge(GUILD, new LevelBridge("in", new RoleId(1L)));
        betaStore().addIfAbsent(new BetaServer("10", AT));
        transfer().importAtomically(batch -> batch.putLevel(record("10:1", 1, 1)));

        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 9, 9));
            batch.putTrack(GUILD, track("main", "7"));
            batch.putBridge(GUILD, new LevelBridge("in", new RoleId(2L)));
            batch.putBetaServer(new BetaServer("10", AT.plusMillis(1)));
        });

        assertThat(exportedLevels()).containsExactly(record("10:1", 9, 9));
        assertThat(settingsStore().tracks(GUILD)).containsExactly(track("main", "7"));
        assertThat(settingsStore().bridges(GUILD)).containsExactly(new LevelBridge("in", new RoleId(2L)));
        assertThat(betaStore().all()).containsExactly(new BetaServer("10", AT.plusMillis(1)));
    }

    @Test
    public void theLastOfSeveralRecordsWithOneIdWins_withinAndAcrossBatches() {
        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 1, 1));
            IntStream.range(0, 2500).forEach(i -> batch.putLevel(record("10:x" + i, i, 0)));
            batch.putLevel(record("10:1", 2, 2));
            batch.putLevel(record("10:x7", 3, 3));
        });

        assertThat(exportedLevels()).hasSize(2501).contains(record("10:1", 2, 2), record("10:x7", 3, 3));
    }

    @Test
    public void aFailingImportStoresNothing_andItsExceptionIsRethrownAsItWas() {
        transfer().importAtomically(batch -> batch.putLevel(record("10:1", 1, 1)));
        IllegalStateException failure = new IllegalStateException("record 3 is wrong");

        assertThatThrownBy(() -> transfer().importAtomically(batch -> {
                    IntStream.range(0, 2500).forEach(i -> batch.putLevel(record("10:y" + i, i, 0)));
                    batch.putLevel(record("10:1", 9, 9));
                    batch.putTrack(GUILD, track("main", "1"));
                    batch.putBridge(GUILD, new LevelBridge("in", new RoleId(1L)));
                    batch.putBetaServer(new BetaServer("10", AT));
                    throw failure;
                }))
                .isSameAs(failure);

        assertThat(exportedLevels()).containsExactly(record("10:1", 1, 1));
        assertThat(exportedSettings()).isEmpty();
        assertThat(exportedBeta()).isEmpty();
    }

    @Test
    public void deletingAGuildsLevels_deletesExactlyThatGuilds_itsOwnWritesIncluded() {
        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 1, 1));
            batch.putLevel(record("10:not-a-user", 1, 1));
            batch.putLevel(record("100:1", 1, 1));
            batch.putLevel(record("1:10", 1, 1));
            batch.putLevel(record("10", 1, 1));
        });
        long[] deleted = new long[1];

        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:2", 2, 2));
            deleted[0] = batch.deleteGuildLevels(GUILD);
            batch.putLevel(record("10:3", 3, 3));
        });

        assertThat(deleted[0]).isEqualTo(3);
        assertThat(exportedLevels())
                .containsExactly(record("10", 1, 1), record("100:1", 1, 1), record("10:3", 3, 3), record("1:10", 1, 1));
    }

    @Test
    public void aFailingImportThatDeletedAGuildsLevels_leavesThemStored() {
        transfer().importAtomically(batch -> batch.putLevel(record("10:1", 1, 1)));

        assertThatThrownBy(() -> transfer().importAtomically(batch -> {
                    batch.deleteGuildLevels(GUILD);
                    throw new IllegalStateException("record 3 is wrong");
                }))
                .hasMessage("record 3 is wrong");

        assertThat(exportedLevels()).containsExactly(record("10:1", 1, 1));
    }

    @Test
    public void existingLevelIds_areThoseStoredOrWrittenByThisImport_overManyLookups() {
        transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 1, 1));
            batch.putLevel(record("10:2499", 1, 1));
        });
        List<String> asked = IntStream.range(0, 2500).mapToObj(i -> "10:" + i).toList();
        List<Set<String>> found = new ArrayList<>();

        transfer().importAtomically(batch -> {
            found.add(batch.existingLevelIds(asked));
            batch.putLevel(record("10:7", 1, 1));
            found.add(batch.existingLevelIds(List.of("10:7", "10:8", "100:1")));
        });

        assertThat(found.get(0)).containsExactlyInAnyOrder("10:1", "10:2499");
        assertThat(found.get(1)).containsExactly("10:7");
    }

    @Test
    public void hasLevels_isWhetherTheGuildHasARecord_storedOrWrittenByThisImport() {
        transfer().importAtomically(batch -> {
            batch.putLevel(record("100:1", 1, 1));
            batch.putLevel(record("10", 1, 1));
        });
        List<Boolean> found = new ArrayList<>();

        transfer().importAtomically(batch -> {
            found.add(batch.hasLevels(new GuildId(100)));
            found.add(batch.hasLevels(new GuildId(10)));
            batch.putLevel(record("10:7", 1, 1));
            found.add(batch.hasLevels(new GuildId(10)));
            found.add(batch.hasLevels(new GuildId(1)));
        });

        assertThat(found).containsExactly(true, false, true, false);
    }

    @Test
    public void importingTheSameDataTwice_leavesTheSameStore() {
        Runnable importAll = () -> transfer().importAtomically(batch -> {
            batch.putLevel(record("10:1", 1, 1));
            batch.putTrack(GUILD, track("main", "1"));
            batch.putBetaServer(new BetaServer("10", AT));
        });
        importAll.run();
        List<Object> first = List.of(exportedLevels(), exportedSettings(), exportedBeta());

        importAll.run();

        assertThat(List.<Object>of(exportedLevels(), exportedSettings(), exportedBeta()))
                .isEqualTo(first);
    }

    @Test
    public void levelsAreExportedByIdInUtf8ByteOrder_withExactUnsignedValues() {
        transfer().importAtomically(batch -> {
            batch.putLevel(new LevelRecord("2:\u00e9", U64.MAX, U64.MAX));
            batch.putLevel(record("2:z", 0, 0));
            batch.putLevel(record("10:1", 1, 1));
            batch.putLevel(record("2:Z", 1, 1));
            batch.putLevel(record("1", 1, 1));
        });

        assertThat(exportedLevels())
                .containsExactly(
                        record("1", 1, 1),
                        record("10:1", 1, 1),
                        record("2:Z", 1, 1),
                        record("2:z", 0, 0),
                        new LevelRecord("2:\u00e9", U64.MAX, U64.MAX));
    }

    @Test
    public void guildSettingsAreExportedByGuildUnsigned_tracksByName_bridgesByInputRole() {
        GuildId nine = new GuildId(9L);
        GuildId high = new GuildId(Long.MIN_VALUE);
        GuildId max = new GuildId(-1L);
        transfer().importAtomically(batch -> {
            batch.putBridge(max, new LevelBridge("b", new RoleId(1L)));
            batch.putTrack(high, track("t", "1"));
            batch.putTrack(GUILD, track("\u00e9"));
            batch.putTrack(GUILD, track("z", "2", "1"));
            batch.putTrack(GUILD, track("Z"));
            batch.putBridge(GUILD, new LevelBridge("b", new RoleId(2L)));
            batch.putBridge(GUILD, new LevelBridge("B", new RoleId(3L)));
            batch.putBridge(nine, new LevelBridge("a", new RoleId(4L)));
        });

        assertThat(exportedSettings())
                .containsExactly(
                        new GuildSettings(nine, List.of(), List.of(new LevelBridge("a", new RoleId(4L)))),
                        new GuildSettings(
                                GUILD,
                                List.of(track("Z"), track("z", "2", "1"), track("\u00e9")),
                                List.of(new LevelBridge("B", new RoleId(3L)), new LevelBridge("b", new RoleId(2L)))),
                        new GuildSettings(high, List.of(track("t", "1")), List.of()),
                        new GuildSettings(max, List.of(), List.of(new LevelBridge("b", new RoleId(1L)))));
    }

    @Test
    public void betaEntriesAreExportedByGuildIdInUtf8ByteOrder_withTheirExactTime() {
        Instant early = Instant.parse("1970-01-01T00:00:00.001Z");
        transfer().importAtomically(batch -> {
            batch.putBetaServer(new BetaServer("b", AT));
            batch.putBetaServer(new BetaServer("10", early));
            batch.putBetaServer(new BetaServer("9", AT));
            batch.putBetaServer(new BetaServer("B", AT));
        });

        assertThat(exportedBeta())
                .containsExactly(
                        new BetaServer("10", early),
                        new BetaServer("9", AT),
                        new BetaServer("B", AT),
                        new BetaServer("b", AT));
    }

    @Test
    public void anExportStreamCanBeClosedBeforeItsEnd() {
        transfer().importAtomically(batch -> IntStream.range(0, 3000)
                .forEach(i -> batch.putLevel(record("10:" + i, i, 0))));

        for (int i = 0; i < 50; i++) {
            try (Stream<LevelRecord> levels = transfer().levels()) {
                assertThat(levels.limit(2).toList()).hasSize(2);
            }
        }

        assertThat(exportedLevels()).hasSize(3000);
    }
}
