package com.communitybot.core.usecase;

import com.communitybot.core.model.LevelRecord;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Leaderboard order (spec 4.2 rule 2, contract 2): level descending, then xp descending, both unsigned;
 * ties by record id ascending, byte by byte in UTF-8, so every store ranks alike.
 */
public final class LeaderboardOrder {

    /** The order as a comparator, for stores that sort in memory and for tests of those that do not. */
    public static final Comparator<LevelRecord> COMPARATOR = Comparator.comparing(
                    LevelRecord::level, Comparator.reverseOrder())
            .thenComparing(LevelRecord::xp, Comparator.reverseOrder())
            .thenComparing(LevelRecord::id, LeaderboardOrder::compareUtf8);

    private LeaderboardOrder() {}

    /** Compares two strings by their UTF-8 bytes, unsigned: the order of a database's "C" collation. */
    public static int compareUtf8(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
