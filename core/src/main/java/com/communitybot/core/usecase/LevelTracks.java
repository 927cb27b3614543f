package com.communitybot.core.usecase;

import com.communitybot.core.error.AlreadyExistsException;
import com.communitybot.core.error.NotFoundException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.SettingsStore;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Create, read, replace and delete a guild's level tracks (spec 4.4 to 4.7). */
public final class LevelTracks {

    private final BotPresence presence;
    private final SettingsStore settings;

    public LevelTracks(GuildView guilds, SettingsStore settings) {
        this.presence = new BotPresence(guilds);
        this.settings = new SettingsStoreErrors(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * Every track of the guild by name, each role list sorted by level ascending; roles of equal level
     * keep their written order (contract 2).
     */
    public Map<String, List<TrackLevelRole>> all(GuildId guild) {
        presence.requirePresent(guild);
        List<LevelTrack> tracks = settings.tracks(guild);
        Map<String, List<TrackLevelRole>> byName = new LinkedHashMap<>();
        for (LevelTrack track : tracks) {
            byName.put(
                    track.name(),
                    track.roles().stream()
                            .sorted(Comparator.comparing(TrackLevelRole::level))
                            .toList());
        }
        return byName;
    }

    /** Adds a track; refuses a name the guild has already (spec 4.5). */
    public void create(GuildId guild, LevelTrack track) {
        presence.requirePresent(guild);
        if (!settings.addTrackIfAbsent(guild, track)) {
            throw AlreadyExistsException.track();
        }
    }

    /** Replaces a track's whole role list, creating the track when it is missing (spec 4.6). */
    public void replace(GuildId guild, LevelTrack track) {
        presence.requirePresent(guild);
        settings.putTrack(guild, track);
    }

    /** Deletes a track (spec 4.7). */
    public void delete(GuildId guild, String name) {
        presence.requirePresent(guild);
        if (!settings.removeTrack(guild, name)) {
            throw NotFoundException.trackNotFound();
        }
    }

    /** The success message of each write, with the track's name (spec 4.5 to 4.7). */
    public static String createdMessage(String name) {
        return "Level track '" + name + "' created successfully";
    }

    public static String updatedMessage(String name) {
        return "Level track '" + name + "' updated successfully";
    }

    public static String deletedMessage(String name) {
        return "Level track '" + name + "' deleted successfully";
    }
}
