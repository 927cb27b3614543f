package com.communitybot.core.model;

import java.util.Objects;

/**
 * A level record as the bot stores it (spec 2.8): its id is {@code <guild_id>:<user_id>} exactly as
 * stored, so the user part may be anything.
 *
 * @param id    the record id
 * @param xp    experience points
 * @param level the level
 */
public record LevelRecord(String id, U64 xp, U64 level) {

    public LevelRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(xp, "xp");
        Objects.requireNonNull(level, "level");
    }

    /** The id of the level record of {@code user} in {@code guild}. */
    public static String idOf(GuildId guild, UserId user) {
        return guild + ":" + user;
    }

    /** The text before the first {@code :}, which names the guild; the whole id when it has none. */
    public String guildPart() {
        int colon = id.indexOf(':');
        return colon < 0 ? id : id.substring(0, colon);
    }

    /** The text after the last {@code :}, which names the user (spec 4.2 rule 4). */
    public String userPart() {
        return id.substring(id.lastIndexOf(':') + 1);
    }
}
