package com.communitybot.discord.fake;

import java.util.Objects;

/**
 * A member of a {@link FakeGuild}: the user and what the guild adds to it.
 *
 * @param userId      the user's id
 * @param username    the user's unique name
 * @param globalName  the user's display name, or null
 * @param nickname    the member's nickname in the guild, or null
 * @param avatar      the hash of the user's avatar, or null for the default avatar
 * @param guildAvatar the hash of the member's avatar in the guild, or null
 */
public record FakeMember(
        long userId, String username, String globalName, String nickname, String avatar, String guildAvatar) {

    public FakeMember {
        Objects.requireNonNull(username, "username");
    }

    /** A member with a user name only: no global name, nickname or avatar. */
    public static FakeMember of(long userId, String username) {
        return new FakeMember(userId, username, null, null, null, null);
    }

    public FakeMember withGlobalName(String newGlobalName) {
        return new FakeMember(userId, username, newGlobalName, nickname, avatar, guildAvatar);
    }

    public FakeMember withNickname(String newNickname) {
        return new FakeMember(userId, username, globalName, newNickname, avatar, guildAvatar);
    }

    public FakeMember withAvatar(String newAvatar) {
        return new FakeMember(userId, username, globalName, nickname, newAvatar, guildAvatar);
    }

    public FakeMember withGuildAvatar(String newGuildAvatar) {
        return new FakeMember(userId, username, globalName, nickname, avatar, newGuildAvatar);
    }
}
