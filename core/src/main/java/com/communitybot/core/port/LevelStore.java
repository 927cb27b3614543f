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
     * <p>The records are the guild's at one moment: writes that commit while the stream is read are not
     * in it, so no record is given twice and none that existed is left out. The stream reads the store as
     * it is consumed or ahead of it, so a guild of any size never sits in memory, and a store must not
     * hold scarce resources (a pooled connection) while the consumer is idle; the caller must close it.
     * The read has started by the time this method returns: a store that fails before the first record
     * throws {@link StoreException} here, a later failure is thrown from the stream as a
     * {@link StoreException} after the records read before it.
     */
    Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild);
}
