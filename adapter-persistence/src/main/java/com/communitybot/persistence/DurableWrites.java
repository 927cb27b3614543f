package com.communitybot.persistence;

import com.zaxxer.hikari.HikariDataSource;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Writes that are in the store's file when they return. H2 commits a transaction to memory and writes it to
 * its file up to {@code WRITE_DELAY} (500 ms) later, from a background thread ({@code TransactionStore.endTransaction}
 * saves at once only when the delay is 0, which also stops that thread and with it H2's online compaction). A
 * {@code kill -9} in that half second lost writes the service had already acknowledged with 200/201
 * ({@code CrashSafetyIT}). So after each write on H2 a {@code CHECKPOINT} saves every committed change to the
 * file (the operating system's page cache: that survives the end of the process, not a power cut; H2 does not
 * {@code fsync} a commit). PostgreSQL commits durably by itself ({@code synchronous_commit}), so nothing is done
 * there.
 *
 * <p>The {@code CHECKPOINT}s run on one connection of their own, opened beside the pool, so a write takes one
 * pool connection, not two in a row: with each write queueing twice for the pool, a 30-minute soak beside whole
 * leaderboards exhausted it. Concurrent writers share checkpoints (group commit): {@code CHECKPOINT} saves every
 * change committed before it starts, so a writer whose commit came before the start of a checkpoint that has
 * since finished has nothing left to wait for.
 */
@Singleton
final class DurableWrites {

    private final HikariDataSource pool;
    private final boolean h2;
    /** How many writes have committed and asked to be saved; a writer's number is its ticket. */
    private final AtomicLong committed = new AtomicLong();

    private final Object lock = new Object();
    /** The tickets up to this one are in the file. Guarded by {@link #lock}. */
    private long saved;
    /** The connection the checkpoints run on, opened at the first one. Guarded by {@link #lock}. */
    private Connection checkpoints;

    private long checkpointsRun;

    DurableWrites(DataSource dataSource) {
        this.pool = SideConnection.pool(dataSource);
        this.h2 = StoreUrls.isH2(pool.getJdbcUrl());
    }

    /** Runs the write {@code call} (translated as {@link DriverExceptions#translated}), then makes it durable. */
    <T> T write(String what, Supplier<T> call) {
        T result = DriverExceptions.translated(what, call);
        persist(what);
        return result;
    }

    /** Saves what is committed to the store's file (H2); a no-op on PostgreSQL. */
    void persist(String what) {
        if (!h2) {
            return;
        }
        long ticket = committed.incrementAndGet();
        synchronized (lock) {
            if (saved >= ticket) {
                return;
            }
            // Every ticket drawn so far belongs to a commit that is over: this checkpoint saves them all.
            long upTo = committed.get();
            try {
                checkpoint();
            } catch (SQLException e) {
                closeCheckpoints();
                throw DriverExceptions.translate(what + " (saving it to the file)", e);
            }
            saved = upTo;
        }
    }

    /** How many {@code CHECKPOINT}s have run: fewer than the writes when writers came together. */
    long checkpointsRun() {
        synchronized (lock) {
            return checkpointsRun;
        }
    }

    /** Closes the checkpoints' connection, before the pool closes the database. */
    @PreDestroy
    void close() {
        synchronized (lock) {
            closeCheckpoints();
        }
    }

    private void checkpoint() throws SQLException {
        if (checkpoints == null) {
            checkpoints = SideConnection.open(pool);
        }
        try (Statement statement = checkpoints.createStatement()) {
            statement.execute("CHECKPOINT");
        }
        checkpointsRun++;
    }

    private void closeCheckpoints() {
        checkpoints = SideConnection.close(checkpoints);
    }
}
