package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.SettingsStore;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.sql.Connection;
import java.util.List;
import java.util.Optional;

/** {@link SettingsStore} on the {@code level_track} and {@code level_bridge} tables. */
@Singleton
final class SqlSettingsStore implements SettingsStore {

    private final TrackRepository tracks;
    private final BridgeRepository bridges;
    private final TransactionOperations<Connection> transactions;

    SqlSettingsStore(TrackRepository tracks, BridgeRepository bridges, TransactionOperations<Connection> transactions) {
        this.tracks = tracks;
        this.bridges = bridges;
        this.transactions = transactions;
    }

    @Override
    public List<LevelTrack> tracks(GuildId guild) {
        return DriverExceptions.translated(
                        "Reading the tracks of guild " + guild, () -> tracks.findByGuild(Columns.numeric(guild)))
                .stream()
                .map(row -> new LevelTrack(row.name(), Columns.roles(row.roles(), row.name())))
                .toList();
    }

    @Override
    public boolean addTrackIfAbsent(GuildId guild, LevelTrack track) {
        String roles = Columns.roles(track.roles());
        return DriverExceptions.translated(
                        "Adding track '" + track.name() + "' to guild " + guild,
                        () -> tracks.insertIfAbsent(Columns.numeric(guild), track.name(), roles))
                == 1;
    }

    @Override
    public void putTrack(GuildId guild, LevelTrack track) {
        BigDecimal guildId = Columns.numeric(guild);
        String roles = Columns.roles(track.roles());
        String what = "Writing track '" + track.name() + "' of guild " + guild;
        DriverExceptions.translated(
                what,
                () -> transactions.executeWrite(tx -> {
                    Upserts.upsert(
                            what,
                            () -> tracks.update(guildId, track.name(), roles),
                            () -> tracks.insertIfAbsent(guildId, track.name(), roles));
                    return null;
                }));
    }

    @Override
    public boolean removeTrack(GuildId guild, String name) {
        return DriverExceptions.translated(
                        "Removing track '" + name + "' of guild " + guild,
                        () -> tracks.delete(Columns.numeric(guild), name))
                > 0;
    }

    @Override
    public List<LevelBridge> bridges(GuildId guild) {
        return DriverExceptions.translated(
                        "Reading the bridges of guild " + guild, () -> bridges.findByGuild(Columns.numeric(guild)))
                .stream()
                .map(SqlSettingsStore::bridge)
                .toList();
    }

    @Override
    public Optional<LevelBridge> bridge(GuildId guild, String inRoleId) {
        return DriverExceptions.translated(
                        "Reading the bridge of '" + inRoleId + "' in guild " + guild,
                        () -> bridges.findByGuildAndInRole(Columns.numeric(guild), inRoleId))
                .stream()
                .findFirst()
                .map(SqlSettingsStore::bridge);
    }

    @Override
    public boolean addBridgeIfAbsent(GuildId guild, LevelBridge bridge) {
        return DriverExceptions.translated(
                        "Adding the bridge of '" + bridge.inRoleId() + "' to guild " + guild,
                        () -> bridges.insertIfAbsent(
                                Columns.numeric(guild), bridge.inRoleId(), Columns.numeric(bridge.outRoleId())))
                == 1;
    }

    @Override
    public void putBridge(GuildId guild, LevelBridge bridge) {
        BigDecimal guildId = Columns.numeric(guild);
        BigDecimal out = Columns.numeric(bridge.outRoleId());
        String what = "Writing the bridge of '" + bridge.inRoleId() + "' in guild " + guild;
        DriverExceptions.translated(
                what,
                () -> transactions.executeWrite(tx -> {
                    Upserts.upsert(
                            what,
                            () -> bridges.update(guildId, bridge.inRoleId(), out),
                            () -> bridges.insertIfAbsent(guildId, bridge.inRoleId(), out));
                    return null;
                }));
    }

    @Override
    public boolean removeBridge(GuildId guild, String inRoleId) {
        return DriverExceptions.translated(
                        "Removing the bridge of '" + inRoleId + "' in guild " + guild,
                        () -> bridges.delete(Columns.numeric(guild), inRoleId))
                > 0;
    }

    private static LevelBridge bridge(BridgeRepository.Mapping row) {
        return new LevelBridge(row.inRoleId(), Columns.role(row.outRoleId(), "out_role_id"));
    }
}
