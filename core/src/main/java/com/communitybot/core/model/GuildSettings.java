package com.communitybot.core.model;

import java.util.List;
import java.util.Objects;

/**
 * Everything stored for one guild (spec 2.8): its level tracks and its level bridges.
 *
 * @param guild   the guild
 * @param tracks  the tracks, each with its roles in written order
 * @param bridges the bridges
 */
public record GuildSettings(GuildId guild, List<LevelTrack> tracks, List<LevelBridge> bridges) {

    public GuildSettings {
        Objects.requireNonNull(guild, "guild");
        tracks = List.copyOf(Objects.requireNonNull(tracks, "tracks"));
        bridges = List.copyOf(Objects.requireNonNull(bridges, "bridges"));
    }
}
