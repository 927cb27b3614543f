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
     * The H2 settings every H2 URL gets, in URL form: the repositories' PostgreSQL SQL read as PostgreSQL reads it,
     * and H2's quirks worked around (each option's reason: docs/store.md, "H2 options and why"). With
     * {@code WRITE_DELAY=0} a commit is in the file when it returns, and H2's background thread, its own compaction
     * with it, does not run: {@link H2FileCompaction} compacts instead.
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
