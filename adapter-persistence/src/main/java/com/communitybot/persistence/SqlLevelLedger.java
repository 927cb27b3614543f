package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.IdempotentRequest;
import com.communitybot.core.model.LedgerAnswer;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.WriteReason;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.StoreException;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * {@link LevelLedger} on {@code level_record}: each write is one transaction that holds the member's row
 * ({@code SELECT ... FOR UPDATE}) while it reads and writes it, so concurrent writes of one record apply one after the
 * other. The XP log's triggers log the change in the same transaction, as the service's ({@link
 * StoreEngine#asApiWrites}); an {@code Idempotency-Key} is claimed first in {@code level_write_key}, in the same
 * transaction, and keeps the write's answer.
 */
@Singleton
final class SqlLevelLedger implements LevelLedger {

    /** Records a guild reset deletes per statement, all in its one transaction: each statement stays short. */
    static final int RESET_BATCH = 10_000;

    /** Times a write is tried again when a concurrent writer created or deleted its row in between. */
    private static final int ATTEMPTS = 5;

    private static final String READ = "SELECT xp, level FROM level_record WHERE id = ?";
    private static final String READ_FOR_UPDATE = READ + " FOR UPDATE";
    private static final String DELETE = "DELETE FROM level_record WHERE id = ?";
    /**
     * The last id of the reset's next batch: the guild's records are the ids from {@code <guild_id>:} up to (not
     * including) {@code <guild_id>;}, walked in the primary key's order from where the last batch ended. Picking a
     * batch by {@code guild_id} alone made each statement walk past every record the transaction had already deleted
     * (still in the index until the commit), a cost that grew with the square of the guild's size: on H2 a
     * million-record reset had not deleted half in five minutes.
     */
    private static final String RESET_BATCH_END = "SELECT MAX(id) FROM (SELECT id FROM level_record"
            + " WHERE id >= ? AND id < ? ORDER BY id LIMIT " + RESET_BATCH + ") batch";

    private static final String CLAIM_KEY = "INSERT INTO level_write_key"
            + " (guild_id, idempotency_key, fingerprint, answer, created_at)"
            + " VALUES (?, ?, ?, '', CAST(? AS TIMESTAMP WITH TIME ZONE)) ON CONFLICT DO NOTHING";
    private static final String KEPT_KEY = "SELECT fingerprint, answer, EXTRACT(EPOCH FROM created_at)"
            + " FROM level_write_key WHERE guild_id = ? AND idempotency_key = ? FOR UPDATE";
    private static final String RENEW_KEY = "UPDATE level_write_key SET fingerprint = ?, answer = '',"
            + " created_at = CAST(? AS TIMESTAMP WITH TIME ZONE) WHERE guild_id = ? AND idempotency_key = ?";
    private static final String KEEP_ANSWER =
            "UPDATE level_write_key SET answer = ? WHERE guild_id = ? AND idempotency_key = ?";
    private static final String FORGET_KEY = "DELETE FROM level_write_key WHERE guild_id = ? AND idempotency_key = ?";

    private final DataSource pool;
    private final TransactionOperations<Connection> transactions;
    private final StoreEngine engine;

    SqlLevelLedger(DataSource dataSource, TransactionOperations<Connection> transactions) {
        this.engine = StoreEngine.of(dataSource);
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.transactions = transactions;
    }

    /** A change of the store within a write's transaction. */
    @FunctionalInterface
    private interface Change {
        LedgerAnswer apply(Connection connection) throws SQLException;
    }

    @Override
    public Optional<LevelRecord> recordOf(GuildId guild, UserId user) {
        String id = LevelRecord.idOf(guild, user);
        try (Connection connection = pool.getConnection()) {
            return read(connection, READ, id).map(value -> value.asRecord(id));
        } catch (SQLException e) {
            throw DriverExceptions.translate("Reading the level record " + id, e);
        }
    }

    @Override
    public LedgerAnswer put(GuildId guild, UserId user, LevelXp value, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return written("Writing the level record " + id, write, connection -> {
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                if (update(connection, id, value) > 0 || insertIfAbsent(connection, id, value) > 0) {
                    return new LedgerAnswer.Written(value.asRecord(id));
                }
            }
            throw racedTooOften("Writing the level record " + id);
        });
    }

    @Override
    public LedgerAnswer patch(GuildId guild, UserId user, LevelDelta delta, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return written("Changing the level record " + id, write, connection -> {
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                Optional<LevelXp> current = read(connection, READ_FOR_UPDATE, id);
                LevelXp next = delta.applyTo(current);
                if (current.isPresent()) {
                    update(connection, id, next);
                    return new LedgerAnswer.Written(next.asRecord(id));
                }
                if (insertIfAbsent(connection, id, next) > 0) {
                    return new LedgerAnswer.Written(next.asRecord(id));
                }
                // Another writer created the record meanwhile: the next read waits for it and holds it.
            }
            throw racedTooOften("Changing the level record " + id);
        });
    }

    @Override
    public LedgerAnswer remove(GuildId guild, UserId user, LedgerWrite write) {
        String id = LevelRecord.idOf(guild, user);
        return written("Removing the level record " + id, write, connection -> {
            Optional<LevelXp> current = read(connection, READ_FOR_UPDATE, id);
            if (current.isEmpty()) {
                return new LedgerAnswer.NotFound();
            }
            try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
                delete.setString(1, id);
                delete.executeUpdate();
            }
            return new LedgerAnswer.Removed(current.get().asRecord(id));
        });
    }

    /**
     * Statements of {@value #RESET_BATCH} deletes, one transaction: all or nothing. The guild's records are those
     * whose id starts with {@code <guild_id>:} (ledger L1). Each record's removal is logged, a statement's events by
     * the statement itself ({@link StoreEngine#deleteAndStage}) rather than by the trigger once a record (on H2 a Java
     * call, a connection and a parsed insert each);
     * the guild's size is counted once at the end ({@link GuildSizes}), as an import counts it: per record, the
     * guild-size trigger would update one row as many times in one transaction, each update slower than the last on
     * PostgreSQL (docs/store.md, "The XP log": a big batch then outlasts the driver's socket
     * timeout).
     */
    @Override
    public LedgerAnswer reset(GuildId guild, LedgerWrite write) {
        return written("Resetting the leaderboard of guild " + guild, write, connection -> {
            long removed = 0;
            String from = guild + ":";
            String beyond = guild + ";";
            String reason = write.reason().map(WriteReason::text).orElse(null);
            engine.suspendTriggers(connection, true);
            try (PreparedStatement end = connection.prepareStatement(RESET_BATCH_END)) {
                end.setString(2, beyond);
                for (String last = nextBatchEnd(end, from); last != null; last = nextBatchEnd(end, from)) {
                    removed += engine.deleteAndStage(connection, from, last, reason, write.at());
                    from = last;
                }
            } finally {
                engine.resumeTriggers(connection);
            }
            GuildSizes.recount(connection, List.of(guild.toString()));
            // Last: the lock that orders the guild's log must never be held while waiting for a row (docs/store.md).
            engine.publishLog(connection, guild.toString());
            return new LedgerAnswer.Reset(removed);
        });
    }

    /** The last id of the batch that starts at {@code from}, or null when the guild has no record left there. */
    private static String nextBatchEnd(PreparedStatement end, String from) throws SQLException {
        end.setString(1, from);
        try (ResultSet row = end.executeQuery()) {
            return row.next() ? row.getString(1) : null;
        }
    }

    /**
     * Runs {@code change} in one transaction, as the service's write with its reason and time, after claiming its
     * idempotency key: a kept answer of the same request is given again, one of another request is a conflict, and
     * in both cases nothing changes.
     */
    private LedgerAnswer written(String what, LedgerWrite write, Change change) {
        String reason = write.reason().map(WriteReason::text).orElse(null);
        try {
            return transactions.executeWrite(status -> {
                Connection connection = status.getConnection();
                Optional<IdempotentRequest> keyed = write.idempotency();
                if (keyed.isPresent()) {
                    Optional<LedgerAnswer> earlier = claim(connection, keyed.get(), write.at());
                    if (earlier.isPresent()) {
                        return earlier.get();
                    }
                }
                LedgerAnswer answer =
                        engine.asApiWrites(connection, reason, write.at(), () -> change.apply(connection));
                if (keyed.isPresent()) {
                    keep(connection, keyed.get(), answer);
                }
                return answer;
            });
        } catch (RuntimeException e) {
            throw DriverExceptions.translate(what, e);
        }
    }

    /**
     * Claims the request's key for this transaction: empty when the key was free (or kept past its lifetime), and
     * this transaction now holds its row; else the answer to give. A concurrent claim of the same key waits for this
     * transaction to end (both databases make a conflicting insert wait), then finds its row.
     */
    private static Optional<LedgerAnswer> claim(Connection connection, IdempotentRequest request, Instant at)
            throws SQLException {
        String guild = request.guild().toString();
        String key = request.key().text();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try (PreparedStatement insert = connection.prepareStatement(CLAIM_KEY)) {
                insert.setString(1, guild);
                insert.setString(2, key);
                insert.setString(3, request.fingerprint());
                insert.setString(4, Columns.timestamp(at));
                if (insert.executeUpdate() > 0) {
                    return Optional.empty();
                }
            }
            try (PreparedStatement kept = connection.prepareStatement(KEPT_KEY)) {
                kept.setString(1, guild);
                kept.setString(2, key);
                try (ResultSet row = kept.executeQuery()) {
                    if (!row.next()) {
                        continue; // expired and deleted meanwhile
                    }
                    Instant created = Columns.instant(row.getBigDecimal(3), "created_at of key " + key);
                    if (!at.isBefore(created.plus(IdempotencyKey.LIFETIME))) {
                        renew(connection, request, at);
                        return Optional.empty();
                    }
                    if (!row.getString(1).equals(request.fingerprint())) {
                        return Optional.of(new LedgerAnswer.Conflict());
                    }
                    return Optional.of(decode(row.getString(2), key));
                }
            }
        }
        throw racedTooOften("Claiming the Idempotency-Key " + key);
    }

    private static void renew(Connection connection, IdempotentRequest request, Instant at) throws SQLException {
        try (PreparedStatement renew = connection.prepareStatement(RENEW_KEY)) {
            renew.setString(1, request.fingerprint());
            renew.setString(2, Columns.timestamp(at));
            renew.setString(3, request.guild().toString());
            renew.setString(4, request.key().text());
            renew.executeUpdate();
        }
    }

    /** Keeps {@code answer} with the claimed key, or lets the key go when such an answer is not kept. */
    private static void keep(Connection connection, IdempotentRequest request, LedgerAnswer answer)
            throws SQLException {
        if (answer.isKept()) {
            try (PreparedStatement keep = connection.prepareStatement(KEEP_ANSWER)) {
                keep.setString(1, answer.encode());
                keep.setString(2, request.guild().toString());
                keep.setString(3, request.key().text());
                keep.executeUpdate();
            }
        } else {
            try (PreparedStatement forget = connection.prepareStatement(FORGET_KEY)) {
                forget.setString(1, request.guild().toString());
                forget.setString(2, request.key().text());
                forget.executeUpdate();
            }
        }
    }

    private static LedgerAnswer decode(String stored, String key) {
        try {
            return LedgerAnswer.decode(stored);
        } catch (IllegalArgumentException e) {
            throw StoreException.unreadable("the answer kept with Idempotency-Key " + key + " cannot be read", e);
        }
    }

    private static Optional<LevelXp> read(Connection connection, String sql, String id) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, id);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new LevelXp(
                        Columns.u64(row.getBigDecimal(2), "level", id), Columns.u64(row.getBigDecimal(1), "xp", id)));
            }
        }
    }

    private static int update(Connection connection, String id, LevelXp value) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(LevelRecordSql.UPDATE)) {
            LevelRecordSql.bindUpdate(update, value.asRecord(id));
            return update.executeUpdate();
        }
    }

    private static int insertIfAbsent(Connection connection, String id, LevelXp value) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(LevelRecordSql.INSERT_IF_ABSENT)) {
            LevelRecordSql.bindInsert(insert, value.asRecord(id));
            return insert.executeUpdate();
        }
    }

    private static StoreException racedTooOften(String what) {
        return new StoreException(
                what + " failed: gave up after " + ATTEMPTS + " attempts, each raced by writers that created and"
                        + " deleted the same row",
                null);
    }
}
