package com.communitybot.http;

import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.micronaut.openapi.annotation.OpenAPIExtraSchema;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import java.util.List;

/**
 * The request bodies of spec section 4, bound by Micronaut's Jackson as {@link JsonSettings} sets it up:
 * every field is required, not null and of its component's type, except those marked {@code @JsonSetter(nulls =
 * Nulls.SET)}: optional, and null when absent or null.
 */
final class Requests {

    private static final String REASON = "Why, kept in the XP log and nowhere else; at most 500 characters";

    private Requests() {}

    /** {@code {guild_ids: [...]}} of spec 4.1 and 4.15. */
    record GuildIds(
            @JsonProperty("guild_ids")
                    @ArraySchema(
                            arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED),
                            schema =
                                    @Schema(
                                            description =
                                                    "A guild id; one that is not an unsigned 64-bit integer is no error",
                                            example = ApiDocument.GUILD_EXAMPLE))
                    List<String> guildIds) {}

    /** Spec 4.5 and 4.6; the roles are read by spec 2.3's rules, which live in core. */
    record Track(
            @JsonProperty("track_name")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Any string, compared exactly",
                            example = "main")
                    String trackName,
            @JsonProperty("roles")
                    @JsonDeserialize(using = TrackLevelRolesDeserializer.class)
                    @ArraySchema(
                            arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED),
                            schema = @Schema(ref = "#/components/schemas/TrackLevelRoleInput"))
                    List<TrackLevelRole> roles) {

        LevelTrack track() {
            return new LevelTrack(trackName, roles);
        }
    }

    /** Spec 2.3's object form of a track level role, as a request may send it (for the API document). */
    @OpenAPIExtraSchema
    record TrackLevelRoleIn(
            @JsonProperty("role_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            oneOf = {String.class, BigInteger.class},
                            description = "A string, or a non-negative integer that becomes its decimal string",
                            example = ApiDocument.ROLE_EXAMPLE)
                    Object roleId,
            @JsonProperty("level")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "0",
                            maximum = ApiDocument.U64_MAX,
                            example = "5")
                    BigInteger level) {}

    /** Spec 2.3's legacy form: a bare integer, the role id with level 0 (for the API document). */
    @Schema(
            type = "integer",
            minimum = "0",
            maximum = ApiDocument.U64_MAX,
            description = "Legacy form: a bare integer is the role id, with level 0",
            example = ApiDocument.ROLE_EXAMPLE)
    @OpenAPIExtraSchema
    record LegacyTrackLevelRole() {}

    /** Spec 4.7. */
    record TrackName(
            @JsonProperty("track_name") @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "main")
                    String trackName) {}

    /** Spec 4.9 and 4.10; whether out_role_id is an unsigned integer is the use case's check (spec 4.9's order). */
    record Bridge(
            @JsonProperty("in_role_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Any string, compared exactly",
                            example = ApiDocument.ROLE_EXAMPLE)
                    String inRoleId,
            @JsonProperty("out_role_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "An unsigned 64-bit decimal integer, else 400 Invalid out_role_id",
                            pattern = ApiDocument.U64_IN,
                            example = "200000000000000002")
                    String outRoleId) {}

    /** Spec 4.11. */
    record InRole(
            @JsonProperty("in_role_id")
                    @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = ApiDocument.ROLE_EXAMPLE)
                    String inRoleId) {}

    /** Spec 4.13; any string. */
    record BetaGuild(
            @JsonProperty("guild_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "Any string, not checked",
                            example = ApiDocument.GUILD_EXAMPLE)
                    String guildId) {}

    /** Ledger L1, PUT of one member's record. */
    record PutLevel(
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
            @JsonSetter(nulls = Nulls.SET) @Schema(nullable = true, maxLength = 500, description = REASON)
                    String reason) {}

    /** Ledger L1, PATCH of one member's record: signed changes. */
    record PatchLevel(
            @JsonProperty("xp_delta")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            minimum = "-" + ApiDocument.U64_MAX,
                            maximum = ApiDocument.U64_MAX,
                            description = "Added to xp; a result below 0 is 0, above the largest value 400",
                            example = "50")
                    BigInteger xpDelta,
            @JsonProperty("level_delta")
                    @JsonSetter(nulls = Nulls.SET)
                    @Schema(
                            nullable = true,
                            minimum = "-" + ApiDocument.U64_MAX,
                            maximum = ApiDocument.U64_MAX,
                            description = "Added to level; 0 when absent",
                            example = "1")
                    BigInteger levelDelta,
            @JsonSetter(nulls = Nulls.SET) @Schema(nullable = true, maxLength = 500, description = REASON)
                    String reason) {}

    /** Ledger L1, the optional body of DELETE of one member's record. */
    record RemoveLevel(
            @JsonSetter(nulls = Nulls.SET) @Schema(nullable = true, maxLength = 500, description = REASON)
                    String reason) {}

    /** Ledger L1, the guild reset. */
    record ResetLevels(
            @JsonProperty("confirm_guild_id")
                    @Schema(
                            requiredMode = Schema.RequiredMode.REQUIRED,
                            description = "The guild id of the path, as written there",
                            example = ApiDocument.GUILD_EXAMPLE)
                    String confirmGuildId,
            @JsonSetter(nulls = Nulls.SET) @Schema(nullable = true, maxLength = 500, description = REASON)
                    String reason) {}
}
