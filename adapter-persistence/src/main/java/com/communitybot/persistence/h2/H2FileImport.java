package com.communitybot.persistence.h2;

import com.communitybot.core.model.BetaServer;
import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.GuildSettings;
import com.communitybot.core.model.LevelBridge;
import com.communitybot.core.model.LevelRecord;
import com.communitybot.core.model.LevelTrack;
import com.communitybot.core.port.StoreTransfer;
import com.communitybot.persistence.DriverExceptions;
import com.communitybot.persistence.LevelRecordSql;
import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The data file's import into an H2 file store, built in a new file beside the store and swapped in by one
 * rename. Written into the store itself, a large import grows H2's file to many times its compacted size
 * (BENCHMARKS.md, "H2 file growth under writes"; docs/store.md, "Importing into the H2 file"): H2's MVStore writes every page a transaction
 * touched to a new chunk every few MB of changes and frees a chunk only when none of its pages is live, and the
 * random inserts of an import touch pages all over both indexes of {@code level_record}.
 *
 * <p>Here the new file ({@code <name>.import.mv.db}, its schema made by the same migrations) receives, in
 * committed batches: the current store's tracks, bridges and beta entries, the data file's upserts of them, then
 * the level records of the store and of the data file merged by id ascending (the data file's win), so the rows
 * and the primary key only ever grow at their end. The data file's level records are sorted on disk first
 * ({@link SortedLevelRuns}, in {@code <name>.import.sort/}). The secondary indexes of {@code level_record} are
 * dropped before and made again after (H2 builds an index on a filled table by sorting), and the guild sizes
 * counted once. Then the new file is compacted ({@link #compact}), and once both
 * databases are closed, {@link #swap} renames it over the store's file in one atomic move.
 *
 * <p>Atomicity comes from that rename, not from one transaction: until it, the store's file is only read, so
 * a data file with an error, a failure or a {@code kill -9} leaves it as it was; the new file is then a
 * leftover, which the next import deletes ({@link #deleteLeftovers}). The import runs with the service stopped
 * (an H2 file is open in one process at a time).
 */
public final class H2FileImport {

    /** Level records per JDBC batch into the new file. */
    static final int BATCH = 1000;

    /** Level records per commit into the new file. */
    static final int COMMIT = 20_000;

    /** Level records read from the current store per keyset query. */
    static final int PAGE = 10_000;

    /** The H2 settings of the new file while it is built; see {@link #nextUrl}. */
    static final String BUILD_OPTIONS = "COMPRESS=TRUE;RETENTION_TIME=0";

    /** H2's defaults of the persistent settings among {@link #BUILD_OPTIONS}, set back before the swap. */
    private static final List<String> DEFAULTS = List.of("SET RETENTION_TIME 45000");

    private static final String INSERT = "INSERT INTO level_record (id, xp, level) VALUES (?, ?, ?)";
    private static final String FIRST_PAGE = "SELECT id, xp, level FROM level_record ORDER BY id LIMIT " + PAGE;
    private static final String NEXT_PAGE =
            "SELECT id, xp, level FROM level_record WHERE id > ? ORDER BY id LIMIT " + PAGE;
    private static final String SECONDARY_INDEXES = "SELECT i.index_name, c.column_name, c.ordering_specification"
            + " FROM information_schema.indexes i JOIN information_schema.index_columns c"
            + " ON c.index_schema = i.index_schema AND c.index_name = i.index_name"
            + " WHERE i.table_schema = CURRENT_SCHEMA AND i.table_name = 'level_record'"
            + " AND i.index_type_name = 'INDEX' ORDER BY i.index_name, c.ordinal_position";
    private static final String COUNT_GUILDS = "INSERT INTO level_guild_size (guild_id, records)"
            + " SELECT guild_id, COUNT(*) FROM level_record WHERE guild_id IS NOT NULL GROUP BY guild_id";

    /**
     * The tables copied as they are, each with its key for the order of the copy: the settings, and the XP log and
     * the idempotency keys, which an import keeps (it logs nothing of its own, ledger.md L2).
     */
    private static final Map<String, String> COPIED_TABLES = new LinkedHashMap<>();

    static {
        COPIED_TABLES.put("level_track", "guild_id, name");
        COPIED_TABLES.put("level_bridge", "guild_id, in_role_id");
        COPIED_TABLES.put("beta_server", "guild_id");
        COPIED_TABLES.put("xp_log", "id");
        COPIED_TABLES.put("level_write_key", "guild_id, idempotency_key");
    }

    /** The next event id of the new file's log: after the copied events, as in the store. */
    private static final String NEXT_EVENT_ID = "SELECT COALESCE(MAX(id), 0) + 1 FROM xp_log";

    private final Path base;
    private final String options;

    private H2FileImport(Path base, String options) {
        this.base = base;
        this.options = options;
    }

    /**
     * The new-file import of the H2 file store {@code url} names ({@code jdbc:h2:file:PATH} or {@code
     * jdbc:h2:PATH}); empty for any other store: PostgreSQL, H2 in memory or over TCP, which import in one
     * transaction as always.
     */
    public static Optional<H2FileImport> forUrl(String url) {
        return H2Url.fileBase(url).map(base -> new H2FileImport(base, String.join(";", buildableOptions(url))));
    }

    /** The store's settings for the new file, without those that the new file must not take. */
    private static List<String> buildableOptions(String url) {
        // IFEXISTS would refuse to create the new file; the others are the build's own (see nextUrl).
        Set<String> notCarried = Set.of("IFEXISTS", "COMPRESS", "RETENTION_TIME", "WRITE_DELAY");
        return H2Url.optionsOf(url).stream()
                .filter(option -> !notCarried.contains(H2Url.keyOf(option)))
                .toList();
    }

    /**
     * A data file under this share of the store file's size is imported in place, in one transaction in the
     * store's file. Copying a big store for a few records would take minutes; written in place, a file of a
     * fiftieth of the store grows it by at most about as much again (H2 writes many times the volume of a random
     * import: BENCHMARKS.md, "H2 file growth under writes"), within issue 13's 3x.
     */
    static final int IN_PLACE_SHARE = 50;

    /**
     * Whether a data file of {@code dataBytes} is imported through a new file: when the store has no file yet, or
     * when the data file is at least a {@value #IN_PLACE_SHARE}th of the store's file.
     */
    public boolean buildsNewFile(long dataBytes) {
        long storeBytes;
        try {
            storeBytes = Files.size(storeFile());
        } catch (IOException e) {
            return true; // no store yet, or one this import will report on
        }
        return dataBytes >= storeBytes / IN_PLACE_SHARE;
    }

    /** The store's file. */
    public Path storeFile() {
        return Path.of(base + ".mv.db");
    }

    /** The new file the import builds. */
    public Path nextFile() {
        return Path.of(base + ".import.mv.db");
    }

    private Path sortDirectory() {
        return Path.of(base + ".import.sort");
    }

    /**
     * The JDBC URL of the new file: the store's options, and two more while it is built. {@code COMPRESS=TRUE}:
     * its pages are written compressed as a compaction writes them, so the file grows in the units of
     * its final size rather than several times it (bench/H2AppendGrowth.java); the service reads them later as any
     * page. {@code RETENTION_TIME=0}: a chunk whose pages
     * are all dead is reused at once, not kept 45 s for readers, of which the new file has none.
     * {@code RETENTION_TIME} is a persistent setting: {@link #compact} sets H2's default back before the file
     * becomes the store. ({@code WRITE_DELAY=60000}, fewer saves of a half-filled last page, was tried: no
     * smaller peak in one run of 50,000 records.)
     */
    public String nextUrl() {
        return "jdbc:h2:file:" + base + ".import" + (options.isEmpty() ? "" : ";" + options) + ";" + BUILD_OPTIONS;
    }

    /** Deletes what an import that did not finish left beside the store: the new file and its sort runs. */
    public void deleteLeftovers() {
        try {
            for (String suffix : List.of(
                    ".import.mv.db",
                    ".import.mv.db.tempFile",
                    ".import.mv.db.newFile",
                    ".import.trace.db",
                    ".import.migration-backup.zip")) {
                Files.deleteIfExists(Path.of(base + suffix));
            }
            Path sort = sortDirectory();
            if (Files.isDirectory(sort)) {
                try (Stream<Path> runs = Files.list(sort)) {
                    for (Path run : (Iterable<Path>) runs::iterator) {
                        Files.deleteIfExists(run);
                    }
                }
                Files.deleteIfExists(sort);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Deleting what an earlier import left beside " + storeFile(), e);
        }
    }

    /**
     * The {@link StoreTransfer} whose {@link StoreTransfer#importAtomically} builds the new file from the store
     * {@code current} reads and the writes of the work; {@code next} and {@code nextTransfer} are the new
     * file's, opened (and so migrated) on {@link #nextUrl}. Its batch takes the writes of a data file
     * (contract 4); it does not answer what the store holds ({@code hasLevels}, {@code existingLevelIds},
     * {@code deleteGuildLevels}), which {@code import --from} asks and which imports in one transaction.
     */
    public StoreTransfer into(DataSource current, DataSource next, StoreTransfer nextTransfer) {
        return new Builder(
                DelegatingDataSource.unwrapDataSource(current),
                DelegatingDataSource.unwrapDataSource(next),
                nextTransfer);
    }

    /**
     * Closes the pool of the new file ({@code next}), then rewrites the file compacted ({@code SHUTDOWN COMPACT},
     * on a connection of its own), which closes its database. H2 writes the compacted copy beside the file and
     * renames it over; its pages all compressed and its chunks full, the file stays that size when the service
     * opens it. (Compacted in place instead, the peak was barely lower, but the file grew to several times its
     * size at the next open, as H2 rewrote its part-filled chunks uncompressed.) What makes the copy small is the compaction in place before the index is built
     * ({@code Builder.writeLevels}).
     */
    public void compact(DataSource next) {
        HikariDataSource pool = SideConnection.pool(next);
        String url = pool.getJdbcUrl();
        String user = pool.getUsername();
        String password = pool.getPassword();
        pool.close();
        try (Connection connection = DriverManager.getConnection(url, user, password);
                Statement statement = connection.createStatement()) {
            for (String setting : DEFAULTS) {
                statement.execute(setting);
            }
            statement.execute("SHUTDOWN COMPACT");
        } catch (SQLException e) {
            throw DriverExceptions.translate("Compacting the import's new file " + nextFile(), e);
        }
    }

    /** Renames the new file over the store's file, in one atomic move; both databases must be closed. */
    public void swap() {
        try {
            Files.move(nextFile(), storeFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("Moving the import's new file " + nextFile() + " over " + storeFile(), e);
        }
    }

    private final class Builder implements StoreTransfer {
        private final DataSource current;
        private final DataSource next;
        private final StoreTransfer nextTransfer;

        Builder(DataSource current, DataSource next, StoreTransfer nextTransfer) {
            this.current = current;
            this.next = next;
            this.nextTransfer = nextTransfer;
        }

        @Override
        public void importAtomically(Consumer<ImportBatch> work) {
            try (SortedLevelRuns levels = new SortedLevelRuns(sortDirectory())) {
                copyTables();
                // The data file's tracks, bridges and beta entries go into the new file at once, through the
                // store's own upserts; its level records into the sort.
                nextTransfer.importAtomically(batch -> work.accept(new SortingBatch(batch, levels)));
                writeLevels(levels);
            } catch (SQLException e) {
                throw DriverExceptions.translate("Building the import's new file " + nextFile(), e);
            }
        }

        private void copyTables() throws SQLException {
            try (Connection from = current.getConnection();
                    Connection to = next.getConnection()) {
                to.setAutoCommit(false);
                for (Map.Entry<String, String> table : COPIED_TABLES.entrySet()) {
                    try (Statement select = from.createStatement();
                            ResultSet rows = select.executeQuery(
                                    "SELECT * FROM " + table.getKey() + " ORDER BY " + table.getValue())) {
                        int columns = rows.getMetaData().getColumnCount();
                        String insert = "INSERT INTO " + table.getKey() + " VALUES ("
                                + String.join(", ", java.util.Collections.nCopies(columns, "?")) + ")";
                        try (PreparedStatement write = to.prepareStatement(insert)) {
                            int pending = 0;
                            while (rows.next()) {
                                for (int i = 1; i <= columns; i++) {
                                    write.setObject(i, rows.getObject(i));
                                }
                                write.addBatch();
                                if (++pending == BATCH) {
                                    write.executeBatch();
                                    to.commit();
                                    pending = 0;
                                }
                            }
                            write.executeBatch();
                        }
                    }
                }
                restartEventIds(to);
                to.commit();
            }
        }

        /** The copied events kept their ids; the new file's identity goes on after them. */
        private static void restartEventIds(Connection to) throws SQLException {
            long next;
            try (Statement statement = to.createStatement();
                    ResultSet row = statement.executeQuery(NEXT_EVENT_ID)) {
                row.next();
                next = row.getLong(1);
            }
            try (Statement statement = to.createStatement()) {
                statement.execute("ALTER TABLE xp_log ALTER COLUMN id RESTART WITH " + next);
            }
        }

        /** The store's level records merged with the import's (theirs win), appended by id, then the indexes. */
        private void writeLevels(SortedLevelRuns levels) throws SQLException {
            Iterator<LevelRecord> imported = levels.sorted();
            try (Connection from = current.getConnection();
                    Connection to = next.getConnection()) {
                to.setAutoCommit(false);
                H2GuildSizeTrigger.suspendOnThisThread();
                H2XpLogTrigger.suspend(to);
                try {
                    List<String> indexes = dropSecondaryIndexes(to);
                    Iterator<LevelRecord> stored = new StoredLevels(from);
                    try (PreparedStatement insert = to.prepareStatement(INSERT)) {
                        Appender appender = new Appender(to, insert);
                        LevelRecord a = stored.hasNext() ? stored.next() : null;
                        LevelRecord b = imported.hasNext() ? imported.next() : null;
                        while (a != null || b != null) {
                            int order = a == null ? 1 : b == null ? -1 : a.id().compareTo(b.id());
                            if (order < 0) {
                                appender.add(a);
                                a = stored.hasNext() ? stored.next() : null;
                            } else {
                                appender.add(b);
                                b = imported.hasNext() ? imported.next() : null;
                                if (order == 0) {
                                    a = stored.hasNext() ? stored.next() : null;
                                }
                            }
                        }
                        appender.finish();
                    }
                    // The runs are read to their end (each closed at it): their disk space goes before the index
                    // is built, when the new file is at its largest (100,000 records: some 4 MB of runs).
                    levels.close();
                    // The appends left the file a third holes. Compacted in place before the index is built (moves
                    // of any size: nothing else writes to this file), the file the final compaction copies from is
                    // smaller: a million records peaked at 109 MiB for a final 47, against 130 without this.
                    to.commit();
                    H2FileCompaction.compactFileOf(to, H2FileCompaction.MAX_STEP_BYTES, Long.MAX_VALUE, false);
                    for (String create : indexes) {
                        try (Statement statement = to.createStatement()) {
                            statement.execute(create);
                        }
                    }
                    try (Statement statement = to.createStatement()) {
                        statement.executeUpdate("DELETE FROM level_guild_size");
                        statement.executeUpdate(COUNT_GUILDS);
                    }
                    to.commit();
                } finally {
                    H2GuildSizeTrigger.resumeOnThisThread();
                    H2XpLogTrigger.resume(to);
                }
            }
        }

        @Override
        public Stream<LevelRecord> levels() {
            return nextTransfer.levels();
        }

        @Override
        public Stream<GuildSettings> guildSettings() {
            return nextTransfer.guildSettings();
        }

        @Override
        public Stream<BetaServer> betaServers() {
            return nextTransfer.betaServers();
        }
    }

    /** The {@code CREATE INDEX} of each secondary index of {@code level_record}, after dropping it. */
    static List<String> dropSecondaryIndexes(Connection connection) throws SQLException {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(SECONDARY_INDEXES)) {
            while (rows.next()) {
                String order = "DESC".equalsIgnoreCase(rows.getString(3)) ? " DESC" : "";
                columns.computeIfAbsent(rows.getString(1), name -> new ArrayList<>())
                        .add(rows.getString(2) + order);
            }
        }
        List<String> creates = new ArrayList<>();
        for (Map.Entry<String, List<String>> index : columns.entrySet()) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("DROP INDEX " + index.getKey());
            }
            creates.add("CREATE INDEX " + index.getKey() + " ON level_record (" + String.join(", ", index.getValue())
                    + ")");
        }
        return creates;
    }

    /** Inserts records in strictly ascending id order, in batches, committing every {@link #COMMIT}. */
    private static final class Appender {
        private final Connection connection;
        private final PreparedStatement insert;
        private String last;
        private int inBatch;
        private int sinceCommit;

        Appender(Connection connection, PreparedStatement insert) {
            this.connection = connection;
            this.insert = insert;
        }

        void add(LevelRecord record) throws SQLException {
            if (last != null && last.compareTo(record.id()) >= 0) {
                throw new IllegalStateException(
                        "level records out of order in the import's merge: " + last + " before " + record.id());
            }
            last = record.id();
            LevelRecordSql.bindInsert(insert, record);
            insert.addBatch();
            if (++inBatch == BATCH) {
                insert.executeBatch();
                inBatch = 0;
            }
            if (++sinceCommit == COMMIT) {
                connection.commit();
                sinceCommit = 0;
            }
        }

        void finish() throws SQLException {
            if (inBatch > 0) {
                insert.executeBatch();
            }
            connection.commit();
        }
    }

    /** The current store's level records by id, read in keyset pages of {@link #PAGE}. */
    private static final class StoredLevels implements Iterator<LevelRecord> {
        private final Connection connection;
        private final List<LevelRecord> page = new ArrayList<>(PAGE);
        private int position;
        private boolean last;

        StoredLevels(Connection connection) throws SQLException {
            this.connection = connection;
            try (PreparedStatement first = connection.prepareStatement(FIRST_PAGE)) {
                read(first);
            }
        }

        private void read(PreparedStatement query) throws SQLException {
            page.clear();
            position = 0;
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    page.add(LevelRecordSql.read(rows));
                }
            }
            last = page.size() < PAGE;
        }

        @Override
        public boolean hasNext() {
            if (position < page.size()) {
                return true;
            }
            if (last) {
                return false;
            }
            String after = page.get(page.size() - 1).id();
            try (PreparedStatement query = connection.prepareStatement(NEXT_PAGE)) {
                query.setString(1, after);
                read(query);
            } catch (SQLException e) {
                throw DriverExceptions.translate("Reading the store's level records after " + after, e);
            }
            return position < page.size();
        }

        @Override
        public LevelRecord next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return page.get(position++);
        }
    }

    /** The import's batch: level records to the sort, the rest to the new file's own batch. */
    private static final class SortingBatch implements StoreTransfer.ImportBatch {
        private final StoreTransfer.ImportBatch settings;
        private final SortedLevelRuns levels;

        SortingBatch(StoreTransfer.ImportBatch settings, SortedLevelRuns levels) {
            this.settings = settings;
            this.levels = levels;
        }

        @Override
        public void putLevel(LevelRecord record) {
            levels.put(record);
        }

        @Override
        public void putTrack(GuildId guild, LevelTrack track) {
            settings.putTrack(guild, track);
        }

        @Override
        public void putBridge(GuildId guild, LevelBridge bridge) {
            settings.putBridge(guild, bridge);
        }

        @Override
        public void putBetaServer(BetaServer server) {
            settings.putBetaServer(server);
        }

        @Override
        public long deleteGuildLevels(GuildId guild) {
            throw new UnsupportedOperationException("the new-file import takes a data file's upserts only");
        }

        @Override
        public Set<String> existingLevelIds(Collection<String> ids) {
            throw new UnsupportedOperationException("the new-file import takes a data file's upserts only");
        }

        @Override
        public boolean hasLevels(GuildId guild) {
            throw new UnsupportedOperationException("the new-file import takes a data file's upserts only");
        }
    }
}
