package com.communitybot.core.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Consecutive entries of a guild's leaderboard, with their absolute ranks (spec 4.2), and where the next
 * page starts when there is one.
 *
 * @param entries the entries, in leaderboard order
 * @param next    the cursor of the next page; empty on the last page
 */
public record LeaderboardPage(List<LeaderboardEntry> entries, Optional<LeaderboardCursor> next) {

    public LeaderboardPage {
        entries = List.copyOf(entries);
        Objects.requireNonNull(next, "next");
    }
}
