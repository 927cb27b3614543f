package com.communitybot.core.usecase;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * {@link LevelStore} as the use cases call it: the one place that decides which spec-7 message its method
 * gives when the store fails. Reading the leaderboard gives {@code Database query failed}, or {@code Failed
 * to parse database response} when the store answered with a record that cannot be read, whether the
 * failure comes when the read starts or from the stream later.
 */
final class LevelStoreErrors implements LevelStore {

    private final LevelStore store;

    LevelStoreErrors(LevelStore store) {
        this.store = store;
    }

    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        Stream<LevelRecord> records;
        try {
            records = store.recordsInLeaderboardOrder(guild);
        } catch (StoreException e) {
            throw DatabaseErrorException.readFailed(e);
        }
        Iterator<LevelRecord> read = records.iterator();
        Iterator<LevelRecord> translated = new Iterator<>() {
            @Override
            public boolean hasNext() {
                try {
                    return read.hasNext();
                } catch (StoreException e) {
                    throw DatabaseErrorException.readFailed(e);
                }
            }

            @Override
            public LevelRecord next() {
                hasNext();
                return read.next();
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(translated, Spliterator.ORDERED), false)
                .onClose(records::close);
    }

    @Override
    public List<LevelRecord> recordsInLeaderboardOrder(GuildId guild, Optional<LevelRecord> after, int max) {
        try {
            return store.recordsInLeaderboardOrder(guild, after, max);
        } catch (StoreException e) {
            throw DatabaseErrorException.readFailed(e);
        }
    }

    @Override
    public Optional<PlacedRecord> placeOf(GuildId guild, String id) {
        try {
            return store.placeOf(guild, id);
        } catch (StoreException e) {
            throw DatabaseErrorException.readFailed(e);
        }
    }
}
