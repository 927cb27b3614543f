package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.SettingsStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Guild settings held in memory; every method is atomic because every method holds the one lock. */
public final class InMemorySettingsStore implements SettingsStore {

    private final Map<GuildId, Map<String, LevelTrack>> tracks = new LinkedHashMap<>();
    private final Map<GuildId, Map<String, LevelBridge>> bridges = new LinkedHashMap<>();

    /** Every guild with a track or a bridge. */
    public synchronized java.util.Set<GuildId> guilds() {
        java.util.Set<GuildId> guilds = new java.util.HashSet<>();
        tracks.forEach((g, t) -> {
            if (!t.isEmpty()) guilds.add(g);
        });
        bridges.forEach((g, b) -> {
            if (!b.isEmpty()) guilds.add(g);
        });
        return guilds;
    }

    /** Forgets every setting. */
    public synchronized void clear() {
        tracks.clear();
        bridges.clear();
    }

    @Override
    public synchronized List<LevelTrack> tracks(GuildId guild) {
        return new ArrayList<>(tracks.getOrDefault(guild, Map.of()).values());
    }

    @Override
    public synchronized boolean addTrackIfAbsent(GuildId guild, LevelTrack track) {
        return tracksOf(guild).putIfAbsent(track.name(), track) == null;
    }

    @Override
    public synchronized void putTrack(GuildId guild, LevelTrack track) {
        tracksOf(guild).put(track.name(), track);
    }

    @Override
    public synchronized boolean removeTrack(GuildId guild, String name) {
        return tracksOf(guild).remove(name) != null;
    }

    @Override
    public synchronized List<LevelBridge> bridges(GuildId guild) {
        return new ArrayList<>(bridges.getOrDefault(guild, Map.of()).values());
    }

    @Override
    public synchronized Optional<LevelBridge> bridge(GuildId guild, String inRoleId) {
        return Optional.ofNullable(bridges.getOrDefault(guild, Map.of()).get(inRoleId));
    }

    @Override
    public synchronized boolean addBridgeIfAbsent(GuildId guild, LevelBridge bridge) {
        return bridgesOf(guild).putIfAbsent(bridge.inRoleId(), bridge) == null;
    }

    @Override
    public synchronized void putBridge(GuildId guild, LevelBridge bridge) {
        bridgesOf(guild).put(bridge.inRoleId(), bridge);
    }

    @Override
    public synchronized boolean removeBridge(GuildId guild, String inRoleId) {
        return bridgesOf(guild).remove(inRoleId) != null;
    }

    private Map<String, LevelTrack> tracksOf(GuildId guild) {
        return tracks.computeIfAbsent(guild, g -> new LinkedHashMap<>());
    }

    private Map<String, LevelBridge> bridgesOf(GuildId guild) {
        return bridges.computeIfAbsent(guild, g -> new LinkedHashMap<>());
    }
}
