package com.communitybot.http;

import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.model.TrackLevelRole;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.List;

/**
 * The request bodies of spec section 4, bound by Micronaut's Jackson as {@link JsonSettings} sets it up:
 * every field is required, not null and of its component's type.
 */
final class Requests {

    private Requests() {}

    /** {@code {guild_ids: [...]}} of spec 4.1 and 4.15. */
    record GuildIds(@JsonProperty("guild_ids") List<String> guildIds) {}

    /** Spec 4.5 and 4.6; the roles are read by spec 2.3's rules, which live in core. */
    record Track(
            @JsonProperty("track_name") String trackName,
            @JsonProperty("roles") @JsonDeserialize(using = TrackLevelRolesDeserializer.class)
                    List<TrackLevelRole> roles) {

        LevelTrack track() {
            return new LevelTrack(trackName, roles);
        }
    }

    /** Spec 4.7. */
    record TrackName(@JsonProperty("track_name") String trackName) {}

    /** Spec 4.9 and 4.10; whether out_role_id is an unsigned integer is the use case's check (spec 4.9's order). */
    record Bridge(@JsonProperty("in_role_id") String inRoleId, @JsonProperty("out_role_id") String outRoleId) {}

    /** Spec 4.11. */
    record InRole(@JsonProperty("in_role_id") String inRoleId) {}

    /** Spec 4.13; any string. */
    record BetaGuild(@JsonProperty("guild_id") String guildId) {}
}
