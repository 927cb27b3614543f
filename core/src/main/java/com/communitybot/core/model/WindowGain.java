package com.communitybot.core.model;

import java.math.BigInteger;
import java.util.Objects;
import java.util.Optional;

/**
 * What one record gained in a window of the XP log (ledger L3), and how it stands now.
 *
 * @param recordId    the record's id, as stored
 * @param levelGained level after the window's last event of the record minus level before its first; signed
 * @param xpGained    the same for xp
 * @param current     the record now; empty when it does not exist now
 */
public record WindowGain(String recordId, BigInteger levelGained, BigInteger xpGained, Optional<LevelXp> current) {

    public WindowGain {
        Objects.requireNonNull(recordId, "recordId");
        Objects.requireNonNull(levelGained, "levelGained");
        Objects.requireNonNull(xpGained, "xpGained");
        Objects.requireNonNull(current, "current");
    }

    /**
     * Ledger L3's arithmetic: the gain from {@code before} the window's first event (empty when that event created
     * the record) to {@code after} its last (empty when that event removed it), a missing value counting as 0. A
     * store that computes gains in its query computes exactly this.
     */
    public static WindowGain between(
            String recordId, Optional<LevelXp> before, Optional<LevelXp> after, Optional<LevelXp> current) {
        return new WindowGain(
                recordId,
                value(after, true).subtract(value(before, true)),
                value(after, false).subtract(value(before, false)),
                current);
    }

    private static BigInteger value(Optional<LevelXp> standing, boolean level) {
        return standing.map(s -> (level ? s.level() : s.xp()).toBigInteger()).orElse(BigInteger.ZERO);
    }
}
