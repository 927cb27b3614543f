package com.communitybot.core.model;

import java.util.List;
import java.util.Objects;

/**
 * A named list of track level roles (spec 2.4), in the order they were written.
 *
 * @param name  the track name; any string, compared exactly
 * @param roles the roles in written order
 */
public record LevelTrack(String name, List<TrackLevelRole> roles) {

    public LevelTrack {
        Objects.requireNonNull(name, "name");
        roles = List.copyOf(Objects.requireNonNull(roles, "roles"));
    }
}
