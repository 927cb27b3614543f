package com.communitybot.http;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigInteger;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The response bodies of spec section 2, each built from its domain value. */
final class Responses {

    private Responses() {}

    /** {@code {results: [...]}} of spec 4.1 and 4.15. */
    record Results(List<Boolean> results) {}

    /** Spec 2.2. */
    record RoleBody(
            @JsonProperty("role_id") String roleId,
            @JsonProperty("role_name") String roleName,
            long color,
            int position) {
        static RoleBody from(Role role) {
            return new RoleBody(role.id().toString(), role.name(), role.color(), role.position());
        }
    }

    /** Spec 2.3, in the output form: role_id always a string, level an exact unsigned integer. */
    record TrackLevelRoleBody(@JsonProperty("role_id") String roleId, BigInteger level) {
        static TrackLevelRoleBody from(TrackLevelRole role) {
            return new TrackLevelRoleBody(role.roleId(), role.level().toBigInteger());
        }
    }

    /** Spec 2.5; out_role_id in canonical decimal form. */
    record LevelBridgeBody(@JsonProperty("in_role_id") String inRoleId, @JsonProperty("out_role_id") String outRoleId) {
        static LevelBridgeBody from(LevelBridge bridge) {
            return new LevelBridgeBody(bridge.inRoleId(), bridge.outRoleId().toString());
        }
    }

    /** Spec 2.6; added_at in RFC 3339, UTC, with a Z. */
    record BetaServerBody(
            @JsonProperty("guild_id") String guildId,
            @JsonProperty("added_at") String addedAt,
            @JsonProperty("added_by") String addedBy) {
        static BetaServerBody from(BetaServer server) {
            return new BetaServerBody(
                    server.guildId(), DateTimeFormatter.ISO_INSTANT.format(server.addedAt()), server.addedBy());
        }
    }
}
