package com.communitybot.core.model;

import java.time.Instant;
import java.util.Objects;

/**
 * An entry of the beta-testing list (spec 2.6).
 *
 * @param guildId the guild id; any string, compared exactly
 * @param addedAt when the entry was created
 */
public record BetaServer(String guildId, Instant addedAt) {

    /** Who added an entry: the API is the only writer the spec knows. */
    public static final String ADDED_BY = "API";

    public BetaServer {
        Objects.requireNonNull(guildId, "guildId");
        Objects.requireNonNull(addedAt, "addedAt");
    }

    public String addedBy() {
        return ADDED_BY;
    }
}
