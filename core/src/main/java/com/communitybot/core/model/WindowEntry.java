package com.communitybot.core.model;

import java.math.BigInteger;
import java.util.Objects;

/**
 * One member of a time-window leaderboard (ledger L3): the spec's leaderboard member, with the current level and
 * xp and the rank in the window's order, plus what the member gained in the window.
 *
 * @param member      the leaderboard member (spec 2.1)
 * @param levelGained level after the window's last event minus level before its first; signed
 * @param xpGained    the same for xp
 */
public record WindowEntry(LeaderboardEntry member, BigInteger levelGained, BigInteger xpGained) {

    public WindowEntry {
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(levelGained, "levelGained");
        Objects.requireNonNull(xpGained, "xpGained");
    }
}
