package com.communitybot.core.usecase;

import com.communitybot.core.model.WindowGain;
import java.util.Comparator;

/**
 * Ledger L3's order of a window leaderboard: which gains it has (a level gained, or no level and some xp) and
 * their order (level gained, then xp gained, both descending, then record id ascending byte by byte in UTF-8, as
 * {@link LeaderboardOrder} breaks ties). A store that filters and orders in its query does exactly this.
 */
public final class WindowOrder {

    /** The order as a comparator, for stores that sort in memory and for tests of those that do not. */
    public static final Comparator<WindowGain> COMPARATOR = Comparator.comparing(
                    WindowGain::levelGained, Comparator.reverseOrder())
            .thenComparing(WindowGain::xpGained, Comparator.reverseOrder())
            .thenComparing(WindowGain::recordId, LeaderboardOrder::compareUtf8);

    private WindowOrder() {}

    /** Whether the gain is on the window leaderboard: a level gained, or no level and some xp. */
    public static boolean counts(WindowGain gain) {
        int level = gain.levelGained().signum();
        return level > 0 || level == 0 && gain.xpGained().signum() > 0;
    }
}
