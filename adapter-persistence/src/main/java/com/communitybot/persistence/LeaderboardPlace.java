package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.port.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;

/**
 * The position of a record in its guild's leaderboard order, counted in the database with the index
 * {@code level_record_leaderboard}, from both ends at once: the records before it, on the caller's thread,
 * and the records after it subtracted from the guild's size ({@code level_guild_size}, kept by triggers), on
 * a reader thread. The count that ends first gives the answer and cancels the other, so the cost is the
 * distance to the nearer end of the leaderboard: the top members and the last ones are counted in
 * milliseconds whatever the guild's size. Each count runs in a read-only snapshot of its own, which also
 * reads the record, so both answers are exact for a moment; the end count only answers when its snapshot
 * has the record at the same place.
 *
 * <p>"Before (L, X, id)" is three index ranges, as in {@link LeaderboardKeyset}: a higher level; the same
 * level and more xp; the same level and xp and a smaller id. "After" is their mirror.
 */
final class LeaderboardPlace {

    private static final String RECORD = "SELECT id, xp, level FROM level_record WHERE guild_id = ? AND id = ?";
    private static final String SIZE = "SELECT records FROM level_guild_size WHERE guild_id = ?";
    private static final String COUNT = "SELECT COUNT(*) FROM level_record WHERE guild_id = ?";
    private static final String[] BEFORE = {
        COUNT + " AND level > ?", COUNT + " AND level = ? AND xp > ?", COUNT + " AND level = ? AND xp = ? AND id < ?"
    };
    private static final String[] AFTER = {
        COUNT + " AND level < ?", COUNT + " AND level = ? AND xp < ?", COUNT + " AND level = ? AND xp = ? AND id > ?"
    };

    private final DataSource pool;
    private final Executor secondThread;

    LeaderboardPlace(DataSource pool, Executor secondThread) {
        this.pool = pool;
        this.secondThread = secondThread;
    }

    /** The record of {@code id} in {@code guild} and its position; empty when the guild has no such record. */
    Optional<PlacedRecord> placeOf(GuildId guild, String id) {
        String what = "Counting the place of " + id + " in the leaderboard of guild " + guild;
        Race race = new Race();
        CompletableFuture<Void> fromEnd =
                CompletableFuture.runAsync(() -> race.run(() -> fromEnd(guild, id, race)), secondThread);
        try {
            race.run(() -> fromStart(guild, id, race));
        } finally {
            if (race.decided()) {
                race.cancelAll();
            }
        }
        if (!race.decided()) {
            try {
                fromEnd.get(); // the end count was the only one left; it answers or fails
            } catch (ExecutionException e) {
                throw new IllegalStateException("the end count threw outside its race", e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                race.cancelAll();
                throw new StoreException(what + " was interrupted", e);
            }
        }
        return race.answer(what);
    }

    /** Only the count from the start, for tests that check each count on its own. */
    Optional<PlacedRecord> countedFromStart(GuildId guild, String id) {
        Race race = new Race();
        race.run(() -> fromStart(guild, id, race));
        return race.answer("Counting from the start");
    }

    /** Only the count from the end, for tests that check each count on its own. */
    Optional<PlacedRecord> countedFromEnd(GuildId guild, String id) {
        Race race = new Race();
        race.run(() -> fromEnd(guild, id, race));
        return race.answer("Counting from the end");
    }

    /** Answers with 1 + the records before the record, or with its absence. */
    private Answer fromStart(GuildId guild, String id, Race race) throws SQLException {
        try (Connection connection = ReadCursors.openSnapshot(pool)) {
            try {
                Optional<LevelRecord> record = read(connection, guild, id, race);
                if (record.isEmpty()) {
                    return new Answer(Optional.empty());
                }
                long before = count(connection, guild, BEFORE, record.get(), race);
                return new Answer(Optional.of(new PlacedRecord(record.get(), before + 1)));
            } finally {
                connection.rollback();
            }
        }
    }

    /** Answers with the guild's size - the records after the record; gives up when its snapshot differs. */
    private Answer fromEnd(GuildId guild, String id, Race race) throws SQLException {
        try (Connection connection = ReadCursors.openSnapshot(pool)) {
            try {
                Optional<LevelRecord> record = read(connection, guild, id, race);
                if (record.isEmpty()) {
                    return new Answer(Optional.empty());
                }
                long size = size(connection, guild, race);
                long after = count(connection, guild, AFTER, record.get(), race);
                long position = size - after;
                if (position < 1) {
                    return null; // a size that does not hold this record: leave the answer to the start count
                }
                return new Answer(Optional.of(new PlacedRecord(record.get(), position)));
            } finally {
                connection.rollback();
            }
        }
    }

    private static Optional<LevelRecord> read(Connection connection, GuildId guild, String id, Race race)
            throws SQLException {
        try (PreparedStatement statement = race.track(connection.prepareStatement(RECORD))) {
            statement.setString(1, guild.toString());
            statement.setString(2, id);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.of(LevelRecordSql.read(row)) : Optional.empty();
            }
        }
    }

    private static long size(Connection connection, GuildId guild, Race race) throws SQLException {
        try (PreparedStatement statement = race.track(connection.prepareStatement(SIZE))) {
            statement.setString(1, guild.toString());
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getLong(1) : 0;
            }
        }
    }

    private static long count(Connection connection, GuildId guild, String[] ranges, LevelRecord place, Race race)
            throws SQLException {
        long total = 0;
        for (int range = 0; range < ranges.length; range++) {
            try (PreparedStatement statement = race.track(connection.prepareStatement(ranges[range]))) {
                statement.setString(1, guild.toString());
                statement.setBigDecimal(2, Columns.numeric(place.level()));
                if (range > 0) {
                    statement.setBigDecimal(3, Columns.numeric(place.xp()));
                }
                if (range > 1) {
                    statement.setString(4, place.id());
                }
                try (ResultSet row = statement.executeQuery()) {
                    row.next();
                    total += row.getLong(1);
                }
            }
        }
        return total;
    }

    /** What a count found: the record and its position, or that the guild has no such record. */
    private record Answer(Optional<PlacedRecord> placed) {}

    private interface Count {
        Answer run() throws SQLException;
    }

    /**
     * Two counts of which the first to answer wins: it cancels the statements the other is running, and a
     * count that sees the race decided stops before its next statement. A count that fails leaves the answer
     * to the other; when both fail, the first failure is the race's.
     */
    private static final class Race {
        private final AtomicReference<Answer> answer = new AtomicReference<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Set<PreparedStatement> running = ConcurrentHashMap.newKeySet();

        boolean decided() {
            return answer.get() != null;
        }

        void run(Count count) {
            if (decided()) {
                return;
            }
            try {
                Answer found = count.run();
                if (found != null && answer.compareAndSet(null, found)) {
                    cancelAll();
                }
            } catch (SQLException | RuntimeException e) {
                if (!decided()) {
                    failure.compareAndSet(null, e);
                }
            }
        }

        /** Registers a statement to cancel once the race is decided; refuses to start once it is. */
        PreparedStatement track(PreparedStatement statement) throws SQLException {
            running.add(statement);
            if (decided()) {
                statement.close();
                throw new SQLException("the other count answered first");
            }
            return statement;
        }

        void cancelAll() {
            for (PreparedStatement statement : running) {
                try {
                    if (!statement.isClosed()) {
                        statement.cancel();
                    }
                } catch (SQLException e) {
                    // the statement ended meanwhile: nothing to stop
                }
            }
        }

        Optional<PlacedRecord> answer(String what) {
            Answer found = answer.get();
            if (found != null) {
                return found.placed();
            }
            Throwable failed = failure.get();
            if (failed instanceof SQLException e) {
                throw DriverExceptions.translate(what, e);
            }
            if (failed instanceof RuntimeException e) {
                throw DriverExceptions.translate(what, e);
            }
            throw new StoreException(what + " failed: neither count answered", null);
        }
    }
}
