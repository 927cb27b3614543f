package com.communitybot.core.port;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.usecase.LeaderboardOrder;
import java.util.List;
import java.util.Optional;
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

    /**
     * Up to {@code max} of the guild's records that come right after {@code after} in leaderboard order
     * (from the first record when it is empty), read at one moment. {@code after} need not be in the store
     * any more: its id, level and xp are a place in the order. Fewer than {@code max} means there are no
     * more.
     *
     * <p>The default reads {@link #recordsInLeaderboardOrder(GuildId)} from the start, which costs the
     * records before the page; a store with an index in that order starts where the page starts.
     */
    default List<LevelRecord> recordsInLeaderboardOrder(GuildId guild, Optional<LevelRecord> after, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        try (Stream<LevelRecord> all = recordsInLeaderboardOrder(guild)) {
            return all.filter(record -> after.map(a -> LeaderboardOrder.COMPARATOR.compare(record, a) > 0)
                            .orElse(true))
                    .limit(max)
                    .toList();
        }
    }

    /**
     * The guild's record with this id, and its position, read at one moment; empty when the guild has no
     * record of that id.
     *
     * <p>The default counts through {@link #recordsInLeaderboardOrder(GuildId)}; a store with an index in
     * that order counts there.
     */
    default Optional<PlacedRecord> placeOf(GuildId guild, String id) {
        try (Stream<LevelRecord> all = recordsInLeaderboardOrder(guild)) {
            long position = 0;
            for (LevelRecord record : (Iterable<LevelRecord>) all::iterator) {
                position++;
                if (record.id().equals(id)) {
                    return Optional.of(new PlacedRecord(record, position));
                }
            }
            return Optional.empty();
        }
    }
}
