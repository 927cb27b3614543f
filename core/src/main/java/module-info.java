/**
 * The rules of the Community Bot API as a framework-free library: domain records, the ports a store or a
 * live view implements, and the use cases (leaderboard ranking, level tracks, level bridges, beta list) that
 * any JVM program can run over its own implementations. How to depend on it: {@code docs/core.md}.
 */
module com.communitybot.core {
    // Transitive because the exported API speaks Jackson's streaming types: TrackLevelRoleParser reads from a
    // JsonParser and writes to a JsonGenerator, so a caller needs them readable too. Nothing else is required:
    // the rest is java.base.
    requires transitive com.fasterxml.jackson.core;

    exports com.communitybot.core.error;
    exports com.communitybot.core.json;
    exports com.communitybot.core.model;
    exports com.communitybot.core.port;
    exports com.communitybot.core.usecase;
}
