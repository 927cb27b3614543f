package com.communitybot.core.model;

import java.util.Objects;

/**
 * One member of a guild's leaderboard (spec 2.1).
 *
 * @param userId   the member's user id
 * @param username the display name, or {@code Unknown User} when the member is not in the live view
 * @param avatar   the avatar URL, or empty when the member is not in the live view
 * @param level    the level
 * @param xp       the experience points
 * @param rank     the 1-based position before skipped records were removed
 */
public record LeaderboardEntry(UserId userId, String username, String avatar, U64 level, U64 xp, long rank) {

    public static final String UNKNOWN_USER = "Unknown User";

    public LeaderboardEntry {
        Objects.requireNonNull(userId, "userId");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(avatar, "avatar");
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(xp, "xp");
        if (rank < 1) {
            throw new IllegalArgumentException("rank must be at least 1: " + rank);
        }
    }
}
