package com.communitybot.core.model;

import java.util.Objects;

/**
 * Where a page of a guild's leaderboard ended: its last entry's record and rank. The next page starts right
 * after that record in leaderboard order, and its ranks go on from that rank, so pages never overlap and
 * ranks only grow, whatever the bot writes between two pages. How a cursor travels (an opaque, signed
 * string over HTTP) is the adapter's business.
 *
 * @param guild the guild whose leaderboard it is
 * @param last  the record of the page's last entry, as it was read (its id, level and xp place it)
 * @param rank  that entry's rank
 */
public record LeaderboardCursor(GuildId guild, LevelRecord last, long rank) {

    public LeaderboardCursor {
        Objects.requireNonNull(guild, "guild");
        Objects.requireNonNull(last, "last");
        if (!last.id().startsWith(guild + ":")) {
            throw new IllegalArgumentException("the record " + last.id() + " is not of guild " + guild);
        }
        if (rank < 1) {
            throw new IllegalArgumentException("rank must be at least 1: " + rank);
        }
    }
}
