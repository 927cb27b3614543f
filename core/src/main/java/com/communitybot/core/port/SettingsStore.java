package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import java.util.List;
import java.util.Optional;

/**
 * Per-guild settings: level tracks keyed by name and level bridges keyed by input role (spec 2.8).
 * A guild without settings has none of either. Every write is atomic, so concurrent writers lose nothing.
 */
public interface SettingsStore {

    /** The guild's tracks, each with its roles in written order. */
    List<LevelTrack> tracks(GuildId guild);

    /** Stores {@code track} unless a track of that name exists; returns whether it was stored. */
    boolean addTrackIfAbsent(GuildId guild, LevelTrack track);

    /** Stores {@code track}, replacing the whole role list of a track of that name if there is one. */
    void putTrack(GuildId guild, LevelTrack track);

    /** Removes the track named {@code name}; returns whether there was one. */
    boolean removeTrack(GuildId guild, String name);

    /** The guild's bridges. */
    List<LevelBridge> bridges(GuildId guild);

    /** The bridge of {@code inRoleId}, if there is one. */
    Optional<LevelBridge> bridge(GuildId guild, String inRoleId);

    /** Stores {@code bridge} unless its input role has one; returns whether it was stored. */
    boolean addBridgeIfAbsent(GuildId guild, LevelBridge bridge);

    /** Stores {@code bridge}, replacing the one of its input role if there is one. */
    void putBridge(GuildId guild, LevelBridge bridge);

    /** Removes the bridge of {@code inRoleId}; returns whether there was one. */
    boolean removeBridge(GuildId guild, String inRoleId);
}
