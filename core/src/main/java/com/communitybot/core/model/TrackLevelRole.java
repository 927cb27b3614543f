package com.communitybot.core.model;

import java.util.Objects;

/**
 * One (role, level) pair of a level track (spec 2.3).
 *
 * @param roleId the role id; any string, as the spec does not validate it
 * @param level  the level at which the role is given
 */
public record TrackLevelRole(String roleId, U64 level) {

    public TrackLevelRole {
        Objects.requireNonNull(roleId, "roleId");
        Objects.requireNonNull(level, "level");
    }
}
