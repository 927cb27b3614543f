package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A guild's records in leaderboard order, a batch at a time, each batch starting right after the last
 * record of the one before (keyset pagination, never an offset).
 *
 * <p>The order is level descending, xp descending, id ascending: the directions differ, so "after (L, X,
 * id)" is not one row comparison. It is three ranges, each a plain range scan of the index
 * {@code level_record_leaderboard} in its own order: the same level and xp with a greater id, then the
 * same level with less xp, then a lower level. A batch takes from them in turn until it is full. Every
 * query has a {@code LIMIT}, so a database that reads the index in order stops after a batch. H2 always
 * does. PostgreSQL does when its statistics know the guild is big; right after a bulk load they may not
 * (it then guesses a hundred-odd rows and sorts them all, for every batch: a million-record guild would
 * be sorted hundreds of times), so {@link #steerPlanner} turns sorts off for the read's transaction: the
 * index gives the order, and a sort is never the cheaper way to a batch. The batch size is written into
 * the SQL, not bound, because PostgreSQL plans a bound {@code LIMIT} as if it were a tenth of the rows.
 */
final class LeaderboardKeyset implements AutoCloseable {

    private static final String SELECT = "SELECT id, xp, level FROM level_record WHERE guild_id = ?";
    /** {@code guild_id} leads although it is fixed: without it H2 sorts instead of reading the index in order. */
    private static final String ORDER = " ORDER BY guild_id, level DESC, xp DESC, id LIMIT ";

    /** The first records of the guild. */
    static String first(int limit) {
        return SELECT + ORDER + limit;
    }

    /** After (L, X, id): the same level and xp, a greater id. */
    static String sameLevelAndXp(int limit) {
        return SELECT + " AND level = ? AND xp = ? AND id > ?" + ORDER + limit;
    }

    /** After (L, X, id): the same level, less xp. */
    static String sameLevel(int limit) {
        return SELECT + " AND level = ? AND xp < ?" + ORDER + limit;
    }

    /** After (L, X, id): a lower level. */
    static String lowerLevel(int limit) {
        return SELECT + " AND level < ?" + ORDER + limit;
    }

    /**
     * Makes the planner read the index in order for the rest of {@code connection}'s transaction, whatever
     * its statistics: on PostgreSQL, {@code SET LOCAL enable_sort = off}, which ends with the transaction.
     */
    static void steerPlanner(Connection connection) throws SQLException {
        if ("PostgreSQL".equals(connection.getMetaData().getDatabaseProductName())) {
            try (var statement = connection.createStatement()) {
                statement.execute("SET LOCAL enable_sort = off");
            }
        }
    }

    /**
     * The first batch is smaller: the response starts once it is read, and 512 records are more than the
     * first chunk of the body needs.
     */
    static final int FIRST_BATCH = 512;

    private final Connection connection;
    private final String guild;
    private final int batchSize;
    private final int firstBatchSize;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();
    private LevelRecord last;
    private boolean started;
    private boolean exhausted;

    /** The whole guild, a small first batch and then batches of {@code batchSize}. */
    LeaderboardKeyset(Connection connection, GuildId guild, int batchSize) {
        this(connection, guild, Math.min(batchSize, FIRST_BATCH), batchSize, Optional.empty());
    }

    /**
     * The records of the guild after {@code after} (from the first when empty), in batches of {@code
     * batchSize} after a first of {@code firstBatchSize}. {@code after} is a place in the order: it need not
     * be a record of the store.
     */
    LeaderboardKeyset(
            Connection connection, GuildId guild, int firstBatchSize, int batchSize, Optional<LevelRecord> after) {
        this.connection = connection;
        this.guild = guild.toString();
        this.batchSize = batchSize;
        this.firstBatchSize = firstBatchSize;
        this.last = after.orElse(null);
    }

    /** Whether the last batch was the guild's last. */
    boolean exhausted() {
        return exhausted;
    }

    /** The next batch: at most {@code batchSize} records, fewer only when the guild has no more. */
    List<LevelRecord> next() throws SQLException {
        List<LevelRecord> batch = new ArrayList<>(Math.min(batchSize, 1024));
        if (exhausted) {
            return batch;
        }
        int limit = started ? batchSize : firstBatchSize;
        started = true;
        if (last == null) {
            read(prepare(first(limit)), batch, limit);
        } else {
            LevelRecord after = last;
            PreparedStatement sameLevelAndXp = prepare(sameLevelAndXp(limit));
            sameLevelAndXp.setBigDecimal(2, Columns.numeric(after.level()));
            sameLevelAndXp.setBigDecimal(3, Columns.numeric(after.xp()));
            sameLevelAndXp.setString(4, after.id());
            read(sameLevelAndXp, batch, limit);
            if (batch.size() < limit) {
                PreparedStatement sameLevel = prepare(sameLevel(limit));
                sameLevel.setBigDecimal(2, Columns.numeric(after.level()));
                sameLevel.setBigDecimal(3, Columns.numeric(after.xp()));
                read(sameLevel, batch, limit);
            }
            if (batch.size() < limit) {
                PreparedStatement lowerLevel = prepare(lowerLevel(limit));
                lowerLevel.setBigDecimal(2, Columns.numeric(after.level()));
                read(lowerLevel, batch, limit);
            }
        }
        exhausted = batch.size() < limit;
        if (!batch.isEmpty()) {
            last = batch.get(batch.size() - 1);
        }
        return batch;
    }

    /** The statement of {@code sql}, prepared once per read: a read has at most two batch sizes. */
    private PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement statement = prepared.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            prepared.put(sql, statement);
            statement.setString(1, guild);
        }
        return statement;
    }

    /** Adds the rows of {@code statement} to {@code batch}, no more than fill it to {@code limit}. */
    private void read(PreparedStatement statement, List<LevelRecord> batch, int limit) throws SQLException {
        statement.setMaxRows(limit - batch.size());
        try (ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                batch.add(LevelRecordSql.read(rows));
            }
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException failure = null;
        for (PreparedStatement statement : prepared.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
