package com.communitybot.core.model;

import java.util.Objects;

/**
 * A level bridge (spec 2.5): members with the input role get the output role.
 *
 * @param inRoleId  the input role; any string, compared exactly, unique within a guild
 * @param outRoleId the output role
 */
public record LevelBridge(String inRoleId, RoleId outRoleId) {

    public LevelBridge {
        Objects.requireNonNull(inRoleId, "inRoleId");
        Objects.requireNonNull(outRoleId, "outRoleId");
    }
}
