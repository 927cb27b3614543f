package com.communitybot.discord.members;

import java.util.Objects;

/**
 * What Discord says of a guild member that decides how the member is shown: the name (nickname, else global
 * name, else user name) and the avatar (guild avatar, else the user's, else a default avatar).
 *
 * @param userId        the user's id
 * @param username      the user's unique name
 * @param globalName    the user's display name, or null
 * @param nickname      the member's nickname in the guild, or null
 * @param userAvatar    the hash of the user's avatar, or null
 * @param guildAvatar   the hash of the member's avatar in the guild, or null
 * @param defaultAvatar the index of the default avatar ({@link DiscordCdn#defaultAvatarIndex})
 */
public record DiscordMember(
        long userId,
        String username,
        String globalName,
        String nickname,
        String userAvatar,
        String guildAvatar,
        int defaultAvatar) {

    public DiscordMember {
        Objects.requireNonNull(username, "username");
    }

    /** The name the guild shows: nickname, else global name, else user name. */
    public String displayName() {
        if (nickname != null) {
            return nickname;
        }
        return globalName != null ? globalName : username;
    }
}
