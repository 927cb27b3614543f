package com.communitybot.core.model;

import java.util.Objects;

/**
 * A member of a guild as the live view shows it.
 *
 * @param id          the user's id
 * @param displayName the name shown in the guild
 * @param avatarUrl   the URL of the avatar shown in the guild
 */
public record Member(UserId id, String displayName, String avatarUrl) {

    public Member {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(avatarUrl, "avatarUrl");
    }
}
