package com.communitybot.core.testing;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.usecase.LeaderboardOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/** Level records held in memory and sorted on every read, for tests. */
public final class InMemoryLevelStore implements LevelStore {

    private final Map<String, LevelRecord> records = new ConcurrentHashMap<>();

    /** Stores records as the bot would, replacing those with the same id. */
    public InMemoryLevelStore put(LevelRecord... levelRecords) {
        for (LevelRecord record : levelRecords) {
            records.put(record.id(), record);
        }
        return this;
    }

    /** Forgets the record with this id, if there is one. */
    public void remove(String id) {
        records.remove(id);
    }

    /** Every record, in no order. */
    public java.util.Collection<LevelRecord> all() {
        return List.copyOf(records.values());
    }

    /** Forgets every entry. */
    public void clear() {
        records.clear();
    }

    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        String prefix = guild + ":";
        return records.values().stream()
                .filter(r -> r.id().startsWith(prefix))
                .sorted(LeaderboardOrder.COMPARATOR)
                .toList()
                .stream();
    }
}
