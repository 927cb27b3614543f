package com.communitybot.persistence;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The JDBC URLs of the store: the default H2 file database, and the H2 settings without which the
 * repositories' PostgreSQL SQL does not run on H2.
 */
public final class StoreUrls {

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
     *       a JDBC call there, among them the by-design cancel of {@code LeaderboardPlace}'s losing count: 34 MB
     *       in the first 10 minutes of a soak (H2 rotates it at 16 MB, keeping one {@code .old}). Every error
     *       reaches the service as the exception itself, which it logs or answers.</li>
     *   <li>{@code MAX_COMPACT_TIME=0}: no compaction when the database closes. H2 2.3.232 compacts for up to
     *       200 ms at close after its last commit, and so could lose rows written just before (h2database issue
     *       4247, fixed in 2.4.240). The service compacts the file while it runs ({@code H2FileCompaction}),
     *       where the next commit saves what a compaction moved; the import's {@code SHUTDOWN COMPACT} writes a
     *       copy, a path of its own.</li>
     * </ul>
     */
    public static final String H2_OPTIONS =
            "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LAZY_QUERY_EXECUTION=FALSE;DB_CLOSE_ON_EXIT=FALSE;"
                    + "QUERY_CACHE_SIZE=0;TRACE_LEVEL_FILE=0;MAX_COMPACT_TIME=0";

    /** The store when {@code DATABASE_URL} is not set: an H2 file database under {@code ./data/}. */
    public static final String DEFAULT_URL = "jdbc:h2:file:./data/community-bot;" + H2_OPTIONS;

    private static final String H2_PREFIX = "jdbc:h2:";

    private StoreUrls() {}

    /**
     * {@code url} with {@link #H2_OPTIONS} in force when it is an H2 URL: a required setting the URL lacks
     * is added, one it gives another value is replaced, others are kept. Any other URL is returned as is.
     */
    public static String withRequiredOptions(String url) {
        if (url == null || !url.regionMatches(true, 0, H2_PREFIX, 0, H2_PREFIX.length())) {
            return url;
        }
        String[] parts = url.split(";");
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                int eq = parts[i].indexOf('=');
                String key = eq < 0 ? parts[i] : parts[i].substring(0, eq);
                settings.put(key.toUpperCase(Locale.ROOT), parts[i]);
            }
        }
        for (String option : H2_OPTIONS.split(";")) {
            settings.put(option.substring(0, option.indexOf('=')), option);
        }
        return parts[0] + ";" + String.join(";", settings.values());
    }

    /** Whether {@code url} names an H2 database. */
    static boolean isH2(String url) {
        return url != null && url.regionMatches(true, 0, H2_PREFIX, 0, H2_PREFIX.length());
    }

    /** Whether {@code url} names a PostgreSQL database. */
    static boolean isPostgres(String url) {
        return url != null && url.regionMatches(true, 0, "jdbc:postgresql:", 0, "jdbc:postgresql:".length());
    }
}
