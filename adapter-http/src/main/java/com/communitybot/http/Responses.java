package com.communitybot.http;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.LeaderboardEntry;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.Role;
import com.communitybot.core.model.TrackLevelRole;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WindowEntry;
import com.communitybot.core.model.XpEvent;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The response bodies of spec section 2, each built from its domain value. */
final class Responses {

    private static final String CREATED = "null when the change created the record";
    private static final String REMOVED = "null when the change removed the record";

    private Responses() {}

    /** {@code {results: [...]}} of spec 4.1 and 4.15. */
    record Results(
            @ArraySchema(arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED)) List<Boolean> results) {}

    /**
     * Spec 2.1, as {@link LeaderboardJson} streams it, and with {@code since} as {@link WindowMember} writes it (for
     * the API document: one schema for both, since the request validator cannot take a oneOf of them).
     */
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
                    long rank,
            @JsonProperty("level_gained")
                    @Schema(
                            requiredMode = Schema.RequiredMode.NOT_REQUIRED,
                            description = "Only with since (ledger L3): level after the window's last event minus"
                                    + " before its first; signed",
                            example = "2")
                    BigInteger levelGained,
            @JsonProperty("xp_gained")
                    @Schema(
                            requiredMode = Schema.RequiredMode.NOT_REQUIRED,
                            description = "Only with since (ledger L3): the same for xp; signed",
                            example = "350")
                    BigInteger xpGained) {}

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

    /** Ledger L1: one member's level record. */
    record LevelRecordBody(
            @JsonProperty("user_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            pattern = ApiDocument.U64_OUT,
                            example = ApiDocument.USER_EXAMPLE)
                    String userId,
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
                    BigInteger xp) {
        static LevelRecordBody from(UserId user, LevelRecord record) {
            return new LevelRecordBody(
                    user.toString(), record.level().toBigInteger(), record.xp().toBigInteger());
        }
    }

    /** Ledger L2: one event of the XP log. */
    record XpEventBody(
            @JsonProperty("event_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Opaque; newer events have other ids, and a page's last one is its cursor",
                            example = "1042")
                    String eventId,
            @JsonProperty("user_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "The record id's text after the guild id and its colon, as stored",
                            example = ApiDocument.USER_EXAMPLE)
                    String userId,
            @JsonProperty("level_before")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            nullable = true,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            description = CREATED)
                    BigInteger levelBefore,
            @JsonProperty("xp_before")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            nullable = true,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            description = CREATED)
                    BigInteger xpBefore,
            @JsonProperty("level_after")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            nullable = true,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            description = REMOVED)
                    BigInteger levelAfter,
            @JsonProperty("xp_after")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            nullable = true,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            description = REMOVED)
                    BigInteger xpAfter,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            allowableValues = {"api", "store"})
                    String source,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true) String reason,
            @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            format = "date-time",
                            description = "RFC 3339 in UTC, with milliseconds and Z",
                            example = "2026-01-01T00:00:00.000Z")
                    String at) {

        private static final DateTimeFormatter AT =
                DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

        static XpEventBody from(XpEvent event) {
            return new XpEventBody(
                    Long.toString(event.id()),
                    event.userPart(),
                    event.before().map(b -> b.level().toBigInteger()).orElse(null),
                    event.before().map(b -> b.xp().toBigInteger()).orElse(null),
                    event.after().map(a -> a.level().toBigInteger()).orElse(null),
                    event.after().map(a -> a.xp().toBigInteger()).orElse(null),
                    event.source().text(),
                    event.reason().orElse(null),
                    AT.format(event.at()));
        }
    }

    /** Ledger L3: a member of a time-window leaderboard, the spec's leaderboard member plus the gains. */
    record WindowMember(
            @JsonProperty("user_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            pattern = ApiDocument.U64_OUT,
                            example = ApiDocument.USER_EXAMPLE)
                    String userId,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "Alice") String username,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED) String avatar,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", maximum = ApiDocument.U64_MAX)
                    BigInteger level,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", maximum = ApiDocument.U64_MAX)
                    BigInteger xp,
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1") long rank,
            @JsonProperty("level_gained")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Level after the window's last event minus before its first; signed")
                    BigInteger levelGained,
            @JsonProperty("xp_gained")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Xp after the window's last event minus before its first; signed")
                    BigInteger xpGained) {
        static WindowMember from(WindowEntry entry) {
            LeaderboardEntry member = entry.member();
            return new WindowMember(
                    member.userId().toString(),
                    member.username(),
                    member.avatar(),
                    member.level().toBigInteger(),
                    member.xp().toBigInteger(),
                    member.rank(),
                    entry.levelGained(),
                    entry.xpGained());
        }
    }
}
