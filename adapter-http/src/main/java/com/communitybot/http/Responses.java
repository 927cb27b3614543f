package com.communitybot.http;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The response bodies of spec section 2, each built from its domain value. */
final class Responses {

    private Responses() {}

    /** {@code {results: [...]}} of spec 4.1 and 4.15. */
    record Results(
            @ArraySchema(arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED)) List<Boolean> results) {}

    /** Spec 2.1, as {@link LeaderboardJson} streams it (for the API document). */
    record LeaderboardMember(
            @JsonProperty("user_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            pattern = ApiDocument.U64_OUT,
                            example = ApiDocument.USER_EXAMPLE)
                    String userId,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Unknown User when the member is not in the live view",
                            example = "Alice")
                    String username,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Empty when the member is not in the live view",
                            example = "https://cdn.discordapp.com/embed/avatars/1.png")
                    String avatar,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            example = "7")
                    BigInteger level,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            example = "1200")
                    BigInteger xp,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "1",
                            description = "1-based position before skipped records were left out",
                            example = "1")
                    long rank) {}

    /** Spec 2.2. */
    record RoleBody(
            @JsonProperty("role_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            pattern = ApiDocument.U64_OUT,
                            example = ApiDocument.ROLE_EXAMPLE)
                    String roleId,
            @JsonProperty("role_name") @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Level 5")
                    String roleName,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "0",
                            maximum = "4294967295",
                            example = "3447003")
                    long color,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", maximum = "65535", example = "1")
                    int position) {
        static RoleBody from(Role role) {
            return new RoleBody(role.id().toString(), role.name(), role.color(), role.position());
        }
    }

    /** Spec 2.3, in the output form: role_id always a string, level an exact unsigned integer. */
    record TrackLevelRoleBody(
            @JsonProperty("role_id")
                    @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = ApiDocument.ROLE_EXAMPLE)
                    String roleId,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            example = "5")
                    BigInteger level) {
        static TrackLevelRoleBody from(TrackLevelRole role) {
            return new TrackLevelRoleBody(role.roleId(), role.level().toBigInteger());
        }
    }

    /** Spec 2.5; out_role_id in canonical decimal form. */
    record LevelBridgeBody(
            @JsonProperty("in_role_id")
                    @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = ApiDocument.ROLE_EXAMPLE)
                    String inRoleId,
            @JsonProperty("out_role_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            pattern = ApiDocument.U64_OUT,
                            example = "200000000000000002")
                    String outRoleId) {
        static LevelBridgeBody from(LevelBridge bridge) {
            return new LevelBridgeBody(bridge.inRoleId(), bridge.outRoleId().toString());
        }
    }

    /** Spec 2.6; added_at in RFC 3339, UTC, with a Z. */
    record BetaServerBody(
            @JsonProperty("guild_id")
                    @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = ApiDocument.GUILD_EXAMPLE)
                    String guildId,
            @JsonProperty("added_at")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            format = "date-time",
                            example = "2026-01-01T00:00:00Z")
                    String addedAt,
            @JsonProperty("added_by") @Schema(requiredMode = Schema.RequiredMode.REQUIRED, allowableValues = "API")
                    String addedBy) {
        static BetaServerBody from(BetaServer server) {
            return new BetaServerBody(
                    server.guildId(), DateTimeFormatter.ISO_INSTANT.format(server.addedAt()), server.addedBy());
        }
    }
}
