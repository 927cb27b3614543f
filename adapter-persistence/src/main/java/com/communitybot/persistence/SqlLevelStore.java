package com.communitybot.persistence;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.PlacedRecord;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.StoreException;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.annotation.Value;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;

/**
 * {@link LevelStore} on the {@code level_record} table.
 *
 * <p>A leaderboard is read by a reader thread of this store, in keyset batches ({@link LeaderboardKeyset})
 * within one read-only {@code REPEATABLE READ} transaction, so it is the ranking of one moment whatever
 * the bot writes meanwhile. The reader goes at the database's pace into a {@link ReadAheadBuffer} and
 * gives the connection back after the last batch: a client that reads slowly, or not at all, holds no
 * connection. At most {@link #readers} leaderboards are read at once, so reads of big guilds always leave
 * connections for the other endpoints.
 */
@Singleton
final class SqlLevelStore implements LevelStore {

    /**
     * Bytes of records a read keeps in memory ahead of its consumer, about 16,000 records; the rest waits in a
     * temporary file.
     */
    static final long MEMORY_AHEAD = 2 * 1024 * 1024;

    private final DataSource pool;
    private final int batchSize;
    private final long firstBatchTimeoutMs;
    private final int readers;
    private final ExecutorService reading;
    private final LeaderboardPlace places;
    private final Path bufferDirectory = Path.of(System.getProperty("java.io.tmpdir"));

    SqlLevelStore(
            DataSource dataSource,
            @Value("${store.leaderboard.batch-size:4096}") int batchSize,
            @Value("${store.leaderboard.wait-ms:30000}") long firstBatchTimeoutMs) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("store.leaderboard.batch-size must be at least 1, not " + batchSize);
        }
        // The reads hold connections of their own, outside any transaction of a caller.
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.batchSize = batchSize;
        this.firstBatchTimeoutMs = firstBatchTimeoutMs;
        int poolSize = pool instanceof HikariDataSource hikari ? hikari.getMaximumPoolSize() : 10;
        this.readers = Math.max(1, poolSize / 2);
        AtomicInteger threads = new AtomicInteger();
        this.reading = Executors.newFixedThreadPool(readers, task -> {
            Thread thread = new Thread(task, "leaderboard-reader-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.places = new LeaderboardPlace(pool, reading);
    }

    /**
     * The records as the reader hands them over. The first batch has been read when this returns, so a
     * store that fails at once fails here; a later failure is thrown from the stream after the records
     * read before it. Closing the stream stops the reader at its next batch.
     */
    @Override
    public Stream<LevelRecord> recordsInLeaderboardOrder(GuildId guild) {
        String what = "Reading the leaderboard of guild " + guild;
        ReadAheadBuffer buffer = new ReadAheadBuffer(guild + ":", MEMORY_AHEAD, bufferDirectory);
        CompletableFuture<Void> firstBatch = new CompletableFuture<>();
        reading.execute(() -> read(guild, what, buffer, firstBatch));
        try {
            firstBatch.get(firstBatchTimeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            buffer.close();
            throw e.getCause() instanceof RuntimeException failure
                    ? failure
                    : new StoreException(what + " failed", e.getCause());
        } catch (TimeoutException e) {
            buffer.close();
            throw new StoreException(what + " failed: no reader was free within " + firstBatchTimeoutMs + " ms", e);
        } catch (InterruptedException e) {
            buffer.close();
            Thread.currentThread().interrupt();
            throw new StoreException(what + " was interrupted", e);
        }
        return StreamSupport.stream(
                        new Spliterators.AbstractSpliterator<LevelRecord>(
                                Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
                            @Override
                            public boolean tryAdvance(Consumer<? super LevelRecord> action) {
                                LevelRecord next = buffer.next();
                                if (next == null) {
                                    return false;
                                }
                                action.accept(next);
                                return true;
                            }
                        },
                        false)
                .onClose(buffer::close);
    }

    /** On a reader thread: the whole guild into {@code buffer}, unless its consumer leaves first. */
    private void read(GuildId guild, String what, ReadAheadBuffer buffer, CompletableFuture<Void> firstBatch) {
        if (buffer.isClosed()) {
            return; // the caller gave up waiting before a reader was free
        }
        Connection connection = null;
        try {
            connection = ReadCursors.openSnapshot(pool);
            LeaderboardKeyset.steerPlanner(connection);
            try (LeaderboardKeyset keyset = new LeaderboardKeyset(connection, guild, batchSize)) {
                boolean wanted = buffer.append(keyset.next());
                firstBatch.complete(null);
                while (wanted && !keyset.exhausted()) {
                    wanted = buffer.append(keyset.next());
                }
            }
            buffer.finish();
        } catch (SQLException e) {
            failed(buffer, firstBatch, DriverExceptions.translate(what, e));
        } catch (RuntimeException e) {
            failed(buffer, firstBatch, DriverExceptions.translate(what, e));
        } finally {
            ReadCursors.release(connection);
        }
    }

    private static void failed(ReadAheadBuffer buffer, CompletableFuture<Void> firstBatch, RuntimeException failure) {
        if (!firstBatch.completeExceptionally(failure)) {
            buffer.fail(failure);
        }
    }

    /**
     * A page: one keyset batch of {@code max} records from the place {@code after}, in a read-only snapshot on
     * the caller's thread. It costs the page's own size wherever the page is.
     */
    @Override
    public List<LevelRecord> recordsInLeaderboardOrder(GuildId guild, Optional<LevelRecord> after, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        String what = "Reading a page of the leaderboard of guild " + guild;
        Connection connection = null;
        try {
            connection = ReadCursors.openSnapshot(pool);
            LeaderboardKeyset.steerPlanner(connection);
            try (LeaderboardKeyset keyset = new LeaderboardKeyset(connection, guild, max, max, after)) {
                return keyset.next();
            }
        } catch (SQLException e) {
            throw DriverExceptions.translate(what, e);
        } catch (RuntimeException e) {
            throw DriverExceptions.translate(what, e);
        } finally {
            ReadCursors.release(connection);
        }
    }

    /** Counted from both ends of the leaderboard at once: see {@link LeaderboardPlace}. */
    @Override
    public Optional<PlacedRecord> placeOf(GuildId guild, String id) {
        return places.placeOf(guild, id);
    }

    @PreDestroy
    void stopReading() {
        reading.shutdownNow();
    }
}
