package com.communitybot.persistence.h2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An H2 JDBC URL as the service reads it, {@code jdbc:h2:LOCATION;KEY=VALUE;...}: the H2 settings every H2 store is
 * opened with, and where an H2 file store lives. The one parser of such URLs.
 */
public final class H2Url {

    /**
     * The H2 settings every H2 URL gets, in URL form.
     * <ul>
     *   <li>{@code MODE=PostgreSQL}: the repositories are compiled for PostgreSQL; H2 reads that SQL
     *       ({@code ON CONFLICT DO NOTHING} included) in this mode.</li>
     *   <li>{@code DATABASE_TO_LOWER=TRUE}: unquoted names are stored in lower case as on PostgreSQL, so
     *       the quoted lower-case names of the generated SQL find the tables Flyway created.</li>
     *   <li>{@code DEFAULT_NULL_ORDERING=HIGH}: NULLs sort as on PostgreSQL.</li>
     *   <li>{@code LAZY_QUERY_EXECUTION=FALSE}: a query is run to its end before its first row is handed out
     *       (into a temporary file beyond a few thousand rows). H2's lazy results are read after the statement
     *       has let go of its snapshot: under concurrent writes a read then fails ("Row not found in primary
     *       index", "Chunk not found"), so a URL that asks for them gets this value instead.</li>
     *   <li>{@code DB_CLOSE_ON_EXIT=FALSE}: the pool, not H2's shutdown hook, closes the database, so
     *       requests still in flight at SIGTERM can finish.</li>
     *   <li>{@code QUERY_CACHE_SIZE=0}: every prepared statement gets a command of its own. H2 otherwise
     *       reuses a session's compiled command for the next statement of the same SQL, cancel flag included:
     *       a cancel that lands after a statement's last check (the losing count of {@code LeaderboardPlace})
     *       would then cancel the next statement of that SQL on that pooled connection.</li>
     *   <li>{@code TRACE_LEVEL_FILE=0}: no {@code .trace.db} file beside the store. H2 writes every exception of
     *       a JDBC call there, among them the by-design cancel of {@code LeaderboardPlace}'s losing count. Every
     *       error reaches the service as the exception itself, which it logs or answers.</li>
     *   <li>{@code MAX_COMPACT_TIME=0}: no compaction when the database closes. H2 2.3.232 compacts for up to
     *       200 ms at close after its last commit, and so could lose rows written just before (h2database issue
     *       4247). The service compacts the file while it runs ({@link H2FileCompaction}), where the next commit
     *       saves what a compaction moved; the import's {@code SHUTDOWN COMPACT} writes a copy, a path of its
     *       own.</li>
     *   <li>{@code WRITE_DELAY=0}: a commit is written to the file before it returns, so a write the service
     *       acknowledged survives a {@code kill -9} (the operating system's page cache, not a power cut: H2 does
     *       not {@code fsync} a commit). With H2's default of 500 ms a background thread writes it later, and a
     *       kill in between lost acknowledged writes. The delay 0 also stops that thread, and with it H2's own
     *       compaction, which {@link H2FileCompaction} does instead.</li>
     * </ul>
     */
    public static final String OPTIONS =
            "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LAZY_QUERY_EXECUTION=FALSE;DB_CLOSE_ON_EXIT=FALSE;"
                    + "QUERY_CACHE_SIZE=0;TRACE_LEVEL_FILE=0;MAX_COMPACT_TIME=0;WRITE_DELAY=0";

    private static final String PREFIX = "jdbc:h2:";

    private H2Url() {}

    /** Whether {@code url} names an H2 database. */
    public static boolean isH2(String url) {
        return url != null && url.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /**
     * {@code url} with {@link #OPTIONS} in force: a required setting the URL lacks is added, one it gives another
     * value is replaced, others are kept.
     */
    public static String withRequiredOptions(String url) {
        if (!isH2(url)) {
            throw new IllegalArgumentException("Not an H2 URL: " + url);
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String option : optionsOf(url)) {
            settings.put(keyOf(option), option);
        }
        for (String option : OPTIONS.split(";")) {
            settings.put(keyOf(option), option);
        }
        return url.split(";", 2)[0] + ";" + String.join(";", settings.values());
    }

    /**
     * The absolute path of the H2 file store {@code url} names ({@code jdbc:h2:file:PATH} or {@code jdbc:h2:PATH},
     * {@code ~} for the user's home), without {@code .mv.db}; empty for any other URL: not H2, or H2 in memory,
     * over TCP or on another of H2's file systems.
     */
    public static Optional<Path> fileBase(String url) {
        if (!isH2(url)) {
            return Optional.empty();
        }
        String location = url.substring(PREFIX.length()).split(";", 2)[0];
        if (location.regionMatches(true, 0, "file:", 0, 5)) {
            location = location.substring(5);
        }
        if (location.isEmpty() || location.contains(":")) {
            return Optional.empty(); // mem:, tcp:, ssl:, zip:, nio: and other file systems
        }
        if (location.startsWith("~")) {
            location = System.getProperty("user.home") + location.substring(1);
        }
        return Optional.of(Path.of(location).toAbsolutePath().normalize());
    }

    /** The settings of H2 URL {@code url}, each as {@code KEY=VALUE} (or a bare key), in their order. */
    static List<String> optionsOf(String url) {
        List<String> options = new ArrayList<>();
        String[] parts = url.split(";");
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                options.add(parts[i]);
            }
        }
        return options;
    }

    /** The upper-case key of {@code option} ({@code KEY=VALUE} or a bare key). */
    static String keyOf(String option) {
        int eq = option.indexOf('=');
        return (eq < 0 ? option : option.substring(0, eq)).toUpperCase(Locale.ROOT);
    }
}
