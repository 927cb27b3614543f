package com.communitybot.persistence;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.StoreException;
import com.communitybot.core.port.StoreTransfer;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;

/** {@link StoreTransfer} on all tables: imports in one transaction, exports streamed in key order. */
@Singleton
final class SqlStoreTransfer implements StoreTransfer {

    /** Level records written per JDBC batch. */
    static final int BATCH_SIZE = 1000;

    /** Ids looked up per query by {@link ImportBatch#existingLevelIds}. */
    static final int LOOKUP_SIZE = 1000;

    private static final String TRACKS_BY_GUILD_AND_NAME =
            "SELECT guild_id, name, roles FROM level_track ORDER BY guild_id, name";
    private static final String BRIDGES_BY_GUILD_AND_IN_ROLE =
            "SELECT guild_id, in_role_id, out_role_id FROM level_bridge ORDER BY guild_id, in_role_id";
    private static final String BETA_BY_GUILD =
            "SELECT guild_id, EXTRACT(EPOCH FROM added_at) FROM beta_server ORDER BY guild_id";

    private final DataSource pool;
    private final TransactionOperations<Connection> transactions;
    private final TrackRepository tracks;
    private final BridgeRepository bridges;
    private final BetaRepository beta;
    private final StoreEngine engine;

    SqlStoreTransfer(
            DataSource dataSource,
            TransactionOperations<Connection> transactions,
            TrackRepository tracks,
            BridgeRepository bridges,
            BetaRepository beta) {
        this.engine = StoreEngine.of(dataSource);
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.transactions = transactions;
        this.tracks = tracks;
        this.bridges = bridges;
        this.beta = beta;
    }

    @Override
    public void importAtomically(Consumer<ImportBatch> work) {
        try {
            transactions.executeWrite(status -> {
                Connection connection = status.getConnection();
                engine.suspendTriggers(connection, true);
                try {
                    TransactionBatch batch = new TransactionBatch(connection);
                    work.accept(batch);
                    batch.flushLevels();
                    GuildSizes.recount(connection, batch.guildsWritten);
                } finally {
                    engine.resumeTriggers(connection);
                }
                return null;
            });
        } catch (RuntimeException e) {
            // Only the store's own failures are translated: the work's exceptions are rethrown as they were.
            throw DriverExceptions.translate("Importing", e);
        }
    }

    @Override
    public Stream<LevelRecord> levels() {
        return ReadCursors.stream(pool, "Exporting the level records", cursors -> {
            ResultSet rows = cursors.query(LevelRecordSql.ALL_BY_ID, statement -> {});
            return () -> rows.next() ? LevelRecordSql.read(rows) : null;
        });
    }

    @Override
    public Stream<GuildSettings> guildSettings() {
        return ReadCursors.stream(pool, "Exporting the guild settings", cursors -> {
            ResultSet trackRows = cursors.query(TRACKS_BY_GUILD_AND_NAME, statement -> {});
            ResultSet bridgeRows = cursors.query(BRIDGES_BY_GUILD_AND_IN_ROLE, statement -> {});
            return new GuildMerge(trackRows, bridgeRows)::next;
        });
    }

    @Override
    public Stream<BetaServer> betaServers() {
        return ReadCursors.stream(pool, "Exporting the beta list", cursors -> {
            ResultSet rows = cursors.query(BETA_BY_GUILD, statement -> {});
            return () -> {
                if (!rows.next()) {
                    return null;
                }
                String guildId = rows.getString(1);
                if (guildId == null) {
                    throw StoreException.unreadable("a beta entry has a NULL guild_id", null);
                }
                return new BetaServer(guildId, Columns.instant(rows.getBigDecimal(2), "added_at of " + guildId));
            };
        });
    }

    /** The writes of one import, on the import's transaction. */
    private final class TransactionBatch implements ImportBatch {
        private final Connection connection;
        /** Level records not written yet, by id: a later record of the same id replaces an earlier one. */
        private final Map<String, LevelRecord> pendingLevels = new LinkedHashMap<>();
        /** The guilds whose level records this import wrote, to count their sizes at its end. */
        private final Set<String> guildsWritten = new HashSet<>();

        TransactionBatch(Connection connection) {
            this.connection = connection;
        }

        @Override
        public void putLevel(LevelRecord record) {
            int colon = record.id().indexOf(':');
            if (colon >= 0) {
                guildsWritten.add(record.id().substring(0, colon));
            }
            pendingLevels.remove(record.id());
            pendingLevels.put(record.id(), record);
            if (pendingLevels.size() >= BATCH_SIZE) {
                flushLevels();
            }
        }

        @Override
        public void putTrack(GuildId guild, LevelTrack track) {
            BigDecimal guildId = Columns.numeric(guild);
            String roles = Columns.roles(track.roles());
            String what = "Importing track '" + track.name() + "' of guild " + guild;
            DriverExceptions.translated(what, () -> {
                Upserts.upsert(
                        what,
                        () -> tracks.update(guildId, track.name(), roles),
                        () -> tracks.insertIfAbsent(guildId, track.name(), roles));
                return null;
            });
        }

        @Override
        public void putBridge(GuildId guild, LevelBridge bridge) {
            BigDecimal guildId = Columns.numeric(guild);
            BigDecimal out = Columns.numeric(bridge.outRoleId());
            String what = "Importing the bridge of '" + bridge.inRoleId() + "' in guild " + guild;
            DriverExceptions.translated(what, () -> {
                Upserts.upsert(
                        what,
                        () -> bridges.update(guildId, bridge.inRoleId(), out),
                        () -> bridges.insertIfAbsent(guildId, bridge.inRoleId(), out));
                return null;
            });
        }

        @Override
        public void putBetaServer(BetaServer server) {
            String what = "Importing beta entry '" + server.guildId() + "'";
            DriverExceptions.translated(what, () -> {
                Upserts.upsert(
                        what,
                        () -> beta.update(server.guildId(), Columns.timestamp(server.addedAt())),
                        () -> beta.insertIfAbsent(server.guildId(), Columns.timestamp(server.addedAt())));
                return null;
            });
        }

        @Override
        public long deleteGuildLevels(GuildId guild) {
            flushLevels();
            guildsWritten.add(guild.toString());
            try (PreparedStatement delete = connection.prepareStatement(LevelRecordSql.DELETE_GUILD)) {
                delete.setString(1, guild.toString());
                return delete.executeUpdate();
            } catch (SQLException e) {
                throw DriverExceptions.translate("Deleting the level records of guild " + guild, e);
            }
        }

        @Override
        public boolean hasLevels(GuildId guild) {
            flushLevels();
            try (PreparedStatement any = connection.prepareStatement(LevelRecordSql.ANY_OF_GUILD)) {
                any.setString(1, guild.toString());
                try (ResultSet row = any.executeQuery()) {
                    return row.next();
                }
            } catch (SQLException e) {
                throw DriverExceptions.translate("Looking for level records of guild " + guild, e);
            }
        }

        @Override
        public Set<String> existingLevelIds(Collection<String> ids) {
            flushLevels();
            List<String> all = List.copyOf(ids);
            Set<String> found = new HashSet<>();
            for (int from = 0; from < all.size(); from += LOOKUP_SIZE) {
                List<String> chunk = all.subList(from, Math.min(all.size(), from + LOOKUP_SIZE));
                try (PreparedStatement select = connection.prepareStatement(LevelRecordSql.idsAmong(chunk.size()))) {
                    for (int i = 0; i < chunk.size(); i++) {
                        select.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet rows = select.executeQuery()) {
                        while (rows.next()) {
                            found.add(rows.getString(1));
                        }
                    }
                } catch (SQLException e) {
                    throw DriverExceptions.translate(
                            "Looking up level records " + chunk.get(0) + " to " + chunk.get(chunk.size() - 1), e);
                }
            }
            return found;
        }

        /** Writes the pending level records: one batch of updates, one of inserts for the ids not there yet. */
        void flushLevels() {
            if (pendingLevels.isEmpty()) {
                return;
            }
            List<LevelRecord> records = new ArrayList<>(pendingLevels.values());
            pendingLevels.clear();
            try {
                List<LevelRecord> missing = new ArrayList<>();
                try (PreparedStatement update = connection.prepareStatement(LevelRecordSql.UPDATE)) {
                    for (LevelRecord record : records) {
                        LevelRecordSql.bindUpdate(update, record);
                        update.addBatch();
                    }
                    int[] updated = update.executeBatch();
                    for (int i = 0; i < records.size(); i++) {
                        if (updated[i] == 0) {
                            missing.add(records.get(i));
                        }
                    }
                }
                if (missing.isEmpty()) {
                    return;
                }
                try (PreparedStatement insert = connection.prepareStatement(LevelRecordSql.INSERT_IF_ABSENT)) {
                    for (LevelRecord record : missing) {
                        LevelRecordSql.bindInsert(insert, record);
                        insert.addBatch();
                    }
                    int[] inserted = insert.executeBatch();
                    for (int i = 0; i < missing.size(); i++) {
                        if (inserted[i] == 0) {
                            // The bot wrote this id after our update looked for it: ours is the newer value.
                            updateOne(missing.get(i));
                        }
                    }
                }
            } catch (SQLException e) {
                throw DriverExceptions.translate(
                        "Importing level records " + records.get(0).id() + " to "
                                + records.get(records.size() - 1).id(),
                        e);
            }
        }

        private void updateOne(LevelRecord record) throws SQLException {
            try (PreparedStatement update = connection.prepareStatement(LevelRecordSql.UPDATE)) {
                LevelRecordSql.bindUpdate(update, record);
                update.executeUpdate();
            }
        }
    }

    /**
     * Joins the tracks and the bridges, both ordered by guild, into one {@link GuildSettings} per guild,
     * holding one guild's rows at a time.
     */
    private static final class GuildMerge {
        private final ResultSet trackRows;
        private final ResultSet bridgeRows;
        private boolean trackRow;
        private boolean bridgeRow;

        GuildMerge(ResultSet trackRows, ResultSet bridgeRows) throws SQLException {
            this.trackRows = trackRows;
            this.bridgeRows = bridgeRows;
            this.trackRow = trackRows.next();
            this.bridgeRow = bridgeRows.next();
        }

        GuildSettings next() throws SQLException {
            if (!trackRow && !bridgeRow) {
                return null;
            }
            BigDecimal guild = lowest(
                    trackRow ? trackRows.getBigDecimal(1) : null, bridgeRow ? bridgeRows.getBigDecimal(1) : null);
            List<LevelTrack> guildTracks = new ArrayList<>();
            while (trackRow && guild.compareTo(trackRows.getBigDecimal(1)) == 0) {
                String name = trackRows.getString(2);
                guildTracks.add(new LevelTrack(name, Columns.roles(trackRows.getString(3), name)));
                trackRow = trackRows.next();
            }
            List<LevelBridge> guildBridges = new ArrayList<>();
            while (bridgeRow && guild.compareTo(bridgeRows.getBigDecimal(1)) == 0) {
                guildBridges.add(new LevelBridge(
                        bridgeRows.getString(2), Columns.role(bridgeRows.getBigDecimal(3), "out_role_id")));
                bridgeRow = bridgeRows.next();
            }
            return new GuildSettings(Columns.guild(guild), guildTracks, guildBridges);
        }

        private static BigDecimal lowest(BigDecimal a, BigDecimal b) {
            if (a == null || b == null) {
                BigDecimal one = a == null ? b : a;
                if (one == null) {
                    throw StoreException.unreadable("a guild setting has a NULL guild_id", null);
                }
                return one;
            }
            return a.min(b);
        }
    }
}
