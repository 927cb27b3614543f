package com.communitybot.persistence.h2;

import java.nio.file.Path;
import java.util.Optional;

/** Where an H2 file store lives: the path its JDBC URL names, to which H2 adds {@code .mv.db}. */
public final class H2FilePath {

    private static final String PREFIX = "jdbc:h2:";

    private H2FilePath() {}

    /**
     * The absolute path of the H2 file store {@code url} names ({@code jdbc:h2:file:PATH} or {@code jdbc:h2:PATH},
     * {@code ~} for the user's home), without {@code .mv.db}; empty for any other URL: not H2, or H2 in memory,
     * over TCP or on another of H2's file systems.
     */
    public static Optional<Path> baseOf(String url) {
        if (url == null || !url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return Optional.empty();
        }
        String rest = url.substring(PREFIX.length());
        int semicolon = rest.indexOf(';');
        String location = semicolon < 0 ? rest : rest.substring(0, semicolon);
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
}
