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
 * chunk, and a chunk's space is reused, or the file shrunk, only once none of its pages is live. Under a steady
 * stream of writes most of each chunk's pages are soon replaced, but a few stay live for minutes (a record no one
 * wrote since), so the chunks stay, sparse, unless their live pages are rewritten. H2's own housekeeping does that
 * on the background thread that {@code WRITE_DELAY=0} stops (docs/store.md, "Compacting the H2 file while it
 * runs").
 *
 * <p>So every {@code H2_COMPACT_INTERVAL} this runs steps of what H2's housekeeping and its online compaction
 * ({@code MVStore.compactFile}) do, each small enough that writes, which wait for the store's lock while a step
 * holds it, wait for {@value #STEP_BYTES} bytes of work at most: rewrite the live pages of the sparsest chunks
 * ({@code MVStore.compact}) and save them, sync the file, then free the chunks left with no live page, move
 * chunks towards the start of the file and cut its end ({@code RandomAccessStore.compactMoveChunks}). Between
 * two steps it pauses, so that the writes waiting for the lock get it first (the lock is not fair). When chunks
 * bigger than the budget are in the way (a step moved nothing while the file has holes, or two steps in a row
 * rewrote nothing while the chunks are sparse) it doubles, up to {@value #MAX_STEP_BYTES} bytes; after a step that
 * rewrote, it is small again. A run ends when the chunks are dense and the file full, after two steps in a row at
 * the largest budget that did nothing, or after {@value #MAX_STEPS} steps. The store's retention time is 0 during a run,
 * as {@code compactFile} sets it, and set back after. H2 syncs the file before it overwrites a moved chunk's old
 * place, and a step syncs it before it frees chunks, so a crash mid-step leaves the store as it was before the
 * step.
 *
 * <p>{@link H2FileImport} compacts the new file of an import with the same steps, but with moves that grow with
 * the chunks in the way and no pauses: nothing else writes to that file.
 *
 * <p>H2 has no SQL for online compaction ({@code SHUTDOWN COMPACT} closes the database), so this reaches H2's
 * engine through its JDBC connection: only for an embedded H2 file, on a connection of its own beside the pool.
 */
@Singleton
@Requires(property = H2FileCompaction.INTERVAL)
final class H2FileCompaction {

    /** The property of the interval between two runs, such as {@code 1s}; the bean exists only when it is set. */
    static final String INTERVAL = "bot.h2-compact-interval";

    /** At most this many steps per run. */
    static final int MAX_STEPS = 32;

    /**
     * The share of the file in use, and of the chunks' pages live (percent), from which compacting gains nothing:
     * H2's own threshold ({@code autoCompactFillRate}'s default).
     */
    static final int USED = 90;

    /**
     * The bytes of live pages a step of the service rewrites, and of chunks it moves, at most: small enough that a
     * write waiting for a step is not held up for long, big enough that the steps keep up with a steady stream of
     * writes (docs/store.md has the figures).
     */
    static final long STEP_BYTES = 1L << 20;

    /**
     * The most a step of the service rewrites and moves, as {@code compactFile} does: only when the chunks in the
     * way are bigger than {@link #STEP_BYTES}, as after a reset or a write of a whole guild in one transaction.
     */
    static final long MAX_STEP_BYTES = 16L << 20;

    /** The pause between two steps of the service, in which the writes waiting for the store's lock go first. */
    private static final long PAUSE_MILLIS = 20;

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
            return compactFileOf(connection, STEP_BYTES, MAX_STEP_BYTES, true);
        }
    }

    /**
     * Compacts, in steps, the file of the embedded H2 database {@code connection} is open on; empty when it is
     * not an embedded H2 file (H2 over TCP, in memory) or is read-only. The first step rewrites and moves at most
     * {@code firstStepBytes}; when chunks bigger than that are in the way (a step moved nothing while the file has
     * holes, or two steps in a row rewrote nothing while the chunks are sparse) the budget doubles, up to
     * {@code maxStepBytes}, and after a step that rewrote it is {@code firstStepBytes} again: a chunk bigger than
     * the budget is never moved (H2 saves the changes of about a second in one chunk, which during an import on a
     * busy machine is more than 16 MB), and H2 moves chunks to the end of the file first, so an unbounded first
     * move grows a large file by almost half for a moment. With {@code pause} the steps are
     * {@value #PAUSE_MILLIS} ms apart.
     */
    static Optional<Run> compactFileOf(Connection connection, long firstStepBytes, long maxStepBytes, boolean pause)
            throws SQLException {
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
        long stepBytes = Math.min(firstStepBytes, maxStepBytes);
        int retention = mvStore.getRetentionTime();
        try {
            mvStore.setRetentionTime(0);
            while (steps < MAX_STEPS) {
                if (steps > 0 && pause) {
                    Thread.sleep(PAUSE_MILLIS);
                }
                // The live pages of the sparsest chunks, when the chunks are less than USED % live, saved anew.
                boolean rewrote = mvStore.compact(USED, (int) Math.min(stepBytes, Integer.MAX_VALUE));
                if (rewrote) {
                    mvStore.commit();
                }
                mvStore.sync();
                if (file instanceof RandomAccessStore chunks) {
                    // Frees the chunks with no live page, then, when the file is at most USED % in use, moves
                    // chunks down and cuts the file's end.
                    chunks.compactMoveChunks(USED, stepBytes, mvStore);
                }
                steps++;
                long now = file.size();
                boolean shrank = now < smallest;
                smallest = Math.min(smallest, now);
                if (rewrote || shrank) {
                    stalled = 0;
                    if (rewrote) {
                        stepBytes = Math.min(firstStepBytes, maxStepBytes); // a bigger budget only where needed
                    }
                    continue;
                }
                stalled++;
                boolean holes = file.getFillRate() < USED;
                if (!holes && file.getChunksFillRate() >= USED) {
                    break; // dense chunks, a full file: nothing left to gain
                }
                if (stepBytes < maxStepBytes && (holes || stalled == 2)) {
                    // Holes that nothing moved, or sparse chunks that two steps in a row did not rewrite (one may
                    // only have missed the store's lock, which MVStore.compact tries for 10 ms): chunks bigger than
                    // the budget are in the way.
                    stepBytes = Math.min(maxStepBytes, stepBytes * 2);
                    stalled = 0;
                } else if (stalled == 2) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the service is stopping: the steps so far are whole
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
