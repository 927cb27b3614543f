package com.communitybot.core.model;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * What one record gained in a window of the XP log (ledger L3): its level and xp before the window's first event
 * of it and after the last, and as it stands now. A missing value counts as 0.
 *
 * @param recordId the record's id, as stored
 * @param before   before the first event in the window; empty when that event created the record
 * @param after    after the last event in the window; empty when that event removed the record
 * @param current  the record now; empty when it does not exist now
 */
public record WindowGain(
        String recordId, Optional<LevelXp> before, Optional<LevelXp> after, Optional<LevelXp> current) {

    public WindowGain {
        Objects.requireNonNull(recordId, "recordId");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(current, "current");
    }

    /** Level after the last event minus level before the first; signed. */
    public BigInteger levelGained() {
        return value(after, true).subtract(value(before, true));
    }

    /** Xp after the last event minus xp before the first; signed. */
    public BigInteger xpGained() {
        return value(after, false).subtract(value(before, false));
    }

    private static BigInteger value(Optional<LevelXp> standing, boolean level) {
        return standing.map(s -> (level ? s.level() : s.xp()).toBigInteger()).orElse(BigInteger.ZERO);
    }
}
