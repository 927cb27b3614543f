package com.communitybot.persistence.h2;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.sql.DataSource;

/**
 * Makes a schema migration of an H2 file store all or nothing across a {@code kill -9}. H2 commits each DDL
 * statement on its own (Flyway runs no H2 migration in one transaction: {@code H2Database.supportsDdlTransactions}
 * is false), so a migration killed halfway leaves some of its statements done and no row for it in Flyway's
 * history; the next start runs the whole script again and stops on the first object that is already there
 * ({@code Table "level_guild_size" already exists}), and Flyway then records the migration as failed and asks for
 * a backup to be restored. On PostgreSQL a migration and its history row are one transaction; nothing is needed.
 *
 * <p>So before Flyway migrates an H2 file store, a consistent copy of it is taken with H2's {@code BACKUP TO}
 * (written under another name and renamed, so the copy is either whole or absent), and it is deleted once Flyway is
 * done, before the store is used. A copy found at the next start means that migration did not finish: the copy
 * replaces the store's file (one atomic rename) before the store is opened, and the migration runs again from where
 * it began. Nothing can have been written to the store between the copy and its deletion, so the copy loses no data.
 * Every migration, the ones to come included, gets this without being written to run twice.
 */
public final class MigrationBackup {

    private static final String SUFFIX = ".migration-backup.zip";
    private static final String PART = ".part";
    private static final String RESTORING = ".restoring";

    private final Path base;

    private MigrationBackup(Path base) {
        this.base = base;
    }

    /**
     * The migration backup of the H2 file store {@code url} names ({@code jdbc:h2:file:PATH} or {@code
     * jdbc:h2:PATH}); empty for any other store: PostgreSQL (transactional DDL), H2 in memory (gone with the
     * process) or over TCP (its server's file, not this process's).
     */
    public static Optional<MigrationBackup> forUrl(String url) {
        return H2Url.fileBase(url).map(MigrationBackup::new);
    }

    /** The copy of the store taken before a migration; it exists only while one runs or after one was killed. */
    public Path backupFile() {
        return Path.of(base + SUFFIX);
    }

    private Path storeFile() {
        return Path.of(base + ".mv.db");
    }

    /**
     * Before the store is opened: puts back the copy a killed migration left, and deletes a half-written copy. A
     * store another process holds open (H2's lock on its file) is left alone; H2 then reports it as in use.
     */
    public void restoreIfInterrupted() {
        try {
            Files.deleteIfExists(Path.of(backupFile() + PART));
            Files.deleteIfExists(Path.of(storeFile() + RESTORING));
            if (!Files.exists(backupFile()) || heldByAnotherProcess()) {
                return;
            }
            Path restoring = Path.of(storeFile() + RESTORING);
            try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(backupFile()))) {
                if (!copyStoreEntry(zip, restoring)) {
                    throw new IllegalStateException("The migration backup " + backupFile() + " holds no H2 store");
                }
            }
            Files.move(restoring, storeFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.delete(backupFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot put back the store as it was before an interrupted migration", e);
        }
    }

    /**
     * Runs {@code migration} on the open store {@code dataSource} with a copy of the store taken before it and
     * deleted after it returned. When it throws, the copy stays, and the next start begins from it again.
     */
    public void around(DataSource dataSource, Runnable migration) {
        Path part = Path.of(backupFile() + PART);
        try {
            Files.deleteIfExists(part);
            try (Connection connection = dataSource.getConnection();
                    Statement statement = connection.createStatement()) {
                statement.execute("BACKUP TO '" + part.toString().replace("'", "''") + "'");
            }
            Files.move(part, backupFile(), StandardCopyOption.ATOMIC_MOVE);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("Cannot copy the store before migrating its schema: " + e.getMessage(), e);
        }
        migration.run();
        try {
            Files.delete(backupFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the store's copy taken before its migration", e);
        }
    }

    private boolean heldByAnotherProcess() throws IOException {
        if (!Files.exists(storeFile())) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(storeFile(), StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            return lock == null;
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return true; // this very process has it open
        }
    }

    private static boolean copyStoreEntry(ZipInputStream zip, Path target) throws IOException {
        for (ZipEntry entry; (entry = zip.getNextEntry()) != null; ) {
            if (entry.getName().toLowerCase(Locale.ROOT).endsWith(".mv.db")) {
                Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                return true;
            }
        }
        return false;
    }
}
