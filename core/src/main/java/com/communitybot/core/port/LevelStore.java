package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import java.util.stream.Stream;

/** The level records the bot writes, one per guild member (spec 2.8). */
public interface LevelStore {

    /**
     * The records whose id starts with {@code <guild>:}, in leaderboard order: level descending, then xp
     * descending (both unsigned), then id ascending byte by byte in UTF-8.
     *
     * <p>The stream reads the store as it is consumed, so a guild of any size never sits in memory; the
     * caller must close it. The query has run by the time this method returns: a store that fails before
     * the first record throws {@link StoreException} here, not from the stream.
     */
    Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild);
}
