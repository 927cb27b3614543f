package com.communitybot.persistence.h2;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;
import org.h2.mvstore.db.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the H2 file of a running service near the size of its data, without a restart. H2's MVStore never
 * writes a page in place: every save (each commit, {@code WRITE_DELAY=0} in {@link H2Url#OPTIONS}) appends a
 * chunk, and the space of chunks whose pages are all dead is reused, or the file shrunk, only by compaction. H2's
 * own runs on the background thread that {@code WRITE_DELAY=0} stops, and even where that thread runs it gives up
 * when it cannot take the store's lock within 10 ms ({@code MVStore.tryExecuteUnderStoreLock}), which under a
 * steady stream of writes is most of the time (docs/store.md, "Compacting the H2 file while it runs").
 *
 * <p>So every {@code H2_COMPACT_INTERVAL} this compacts the file in steps of H2's own online compaction
 * ({@code Store.compactFile}: rewrite the live pages of at most 16 MB of sparse chunks, move chunks towards the
 * start of the file, cut its end), each step waiting for the store's lock like a commit does and letting go of
 * it after, so writes wait for one step at most. When the chunks are dense but the file has holes between them
 * (after an import), {@code compactFile} moves nothing, so a step also moves chunks down itself
 * ({@code RandomAccessStore.compactMoveChunks}, as H2's housekeeping does). A step may grow the file before the
 * next shrinks it (the live pages of sparse chunks are rewritten at its end, then moved down), so a run ends
 * when the file is {@value #USED} % in use and a step did not shrink it, after two steps in a row that did not,
 * or after {@value #MAX_STEPS} steps. {@code compactFile} sets the store's retention time to 0 for good; it is set back after each run.
 * H2 syncs the file before it overwrites a moved chunk's old place, so a crash mid-step leaves the store as it
 * was before the step.
 *
 * <p>H2 has no SQL for online compaction ({@code SHUTDOWN COMPACT} closes the database), so this reaches H2's
 * engine through its JDBC connection: only for an embedded H2 file, on a connection of its own beside the pool.
 */
@Singleton
@Requires(property = H2FileCompaction.INTERVAL)
final class H2FileCompaction {

    /** The property of the interval between two runs, such as {@code 60s}; the bean exists only when it is set. */
    static final String INTERVAL = "bot.h2-compact-interval";

    /** At most this many steps per run, at most 32 times 16 MB rewritten and moved. */
    static final int MAX_STEPS = 32;

    /**
     * The share of the file in use (percent) from which moving chunks gains nothing: H2's own threshold
     * ({@code autoCompactFillRate}'s default).
     */
    static final int USED = 90;

    /** The fill rate argument that lets {@code compactMoveChunks} move chunks whatever the file's fill rate. */
    private static final int MOVE_ANY = 101;

    /** At most this many bytes of chunks moved per step of the service's runs, as {@code compactFile} does. */
    private static final long MOVE_BYTES = 16L << 20;

    private static final Logger LOG = LoggerFactory.getLogger(H2FileCompaction.class);

    private final HikariDataSource pool;
    private final boolean h2;
    private final Object lock = new Object();
    /** The connection the compaction reaches H2's engine through, opened at the first run. Guarded by lock. */
    private Connection connection;

    H2FileCompaction(DataSource dataSource) {
        this.pool = SideConnection.pool(dataSource);
        this.h2 = H2Url.isH2(pool.getJdbcUrl());
    }

    /** What one run did: the file's bytes before and after, and the steps it took. */
    record Run(long bytesBefore, long bytesAfter, int steps, long millis) {}

    @Scheduled(fixedDelay = "${" + INTERVAL + "}", initialDelay = "${" + INTERVAL + "}")
    void scheduled() {
        try {
            compact().ifPresent(run -> {
                // One line when it gave back at least a MiB; a store of a few records is not worth a line a minute.
                if (run.bytesBefore() - run.bytesAfter() >= 1 << 20) {
                    LOG.info(
                            "Compacted the H2 file from {} to {} MiB in {} steps, {} ms",
                            run.bytesBefore() >> 20,
                            run.bytesAfter() >> 20,
                            run.steps(),
                            run.millis());
                } else {
                    LOG.debug(
                            "Compacted the H2 file from {} to {} bytes in {} steps, {} ms",
                            run.bytesBefore(),
                            run.bytesAfter(),
                            run.steps(),
                            run.millis());
                }
            });
        } catch (SQLException | RuntimeException e) {
            // The next run tries again; the store itself is as H2 left it after its last whole step.
            LOG.warn("Compacting the H2 file failed: {}", e.toString());
            synchronized (lock) {
                closeConnection();
            }
        }
    }

    /**
     * Compacts the store's file now; empty when the store is not an embedded H2 file (PostgreSQL, H2 in memory
     * or over TCP) or is read-only.
     */
    Optional<Run> compact() throws SQLException {
        if (!h2) {
            return Optional.empty();
        }
        synchronized (lock) {
            if (connection == null) {
                connection = SideConnection.open(pool);
            }
            return compactFileOf(connection, MOVE_BYTES);
        }
    }

    /**
     * Compacts, in steps, the file of the embedded H2 database {@code connection} is open on; empty when it is
     * not an embedded H2 file (H2 over TCP, in memory) or is read-only. A step moves at most 16 MB of chunks,
     * and twice as much after each step that did not shrink the file, up to {@code maxMoveBytes}: a chunk bigger
     * than the budget is never moved (H2 saves the changes of about a second in one chunk, which during an import
     * on a busy machine is more than 16 MB), and H2 moves chunks to the end of the file first, so an unbounded
     * first move grows a large file by almost half for a moment.
     */
    static Optional<Run> compactFileOf(Connection connection, long maxMoveBytes) throws SQLException {
        if (!(connection.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) {
            return Optional.empty(); // H2 over TCP: its server compacts its own files
        }
        Store store = session.getDatabase().getStore();
        MVStore mvStore = store == null ? null : store.getMvStore();
        FileStore<?> file = mvStore == null ? null : mvStore.getFileStore();
        if (file == null || file.isReadOnly()) {
            return Optional.empty(); // in memory, or read-only
        }
        long start = System.nanoTime();
        long before = file.size();
        long smallest = before;
        int steps = 0;
        int stalled = 0;
        long moveBytes = Math.min(MOVE_BYTES, maxMoveBytes);
        int retention = mvStore.getRetentionTime();
        try {
            while (steps < MAX_STEPS) {
                // Rewrites the live pages of sparse chunks (when chunks are less than 90 % live), moves chunks down.
                store.compactFile(0);
                if (file instanceof RandomAccessStore chunks && file.getFillRate() < USED) {
                    // compactFile moves nothing when the chunks are dense but the file has holes between them,
                    // as after an import; this move waits for the store's lock, as compactFile does.
                    chunks.compactMoveChunks(MOVE_ANY, moveBytes, mvStore);
                }
                steps++;
                long now = file.size();
                if (now < smallest) {
                    smallest = now;
                    stalled = 0;
                } else if (file.getFillRate() >= USED) {
                    break;
                } else if (moveBytes < maxMoveBytes) {
                    moveBytes = Math.min(maxMoveBytes, moveBytes * 2); // a chunk bigger than the budget is in the way
                } else if (++stalled == 2) {
                    break;
                }
            }
        } finally {
            mvStore.setRetentionTime(retention);
        }
        return Optional.of(new Run(before, file.size(), steps, (System.nanoTime() - start) / 1_000_000));
    }

    /** Closes the compaction's connection, before the pool closes the database. */
    @PreDestroy
    void close() {
        synchronized (lock) {
            closeConnection();
        }
    }

    private void closeConnection() {
        connection = SideConnection.close(connection);
    }
}
