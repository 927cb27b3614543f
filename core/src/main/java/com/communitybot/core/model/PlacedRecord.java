package com.communitybot.core.model;

import java.util.Objects;

/**
 * A record of a guild and its position in the guild's leaderboard order: 1 plus the number of the guild's
 * records before it, ranked or not (spec 4.2 rule 3).
 *
 * @param record   the record
 * @param position its 1-based position
 */
public record PlacedRecord(LevelRecord record, long position) {

    public PlacedRecord {
        Objects.requireNonNull(record, "record");
        if (position < 1) {
            throw new IllegalArgumentException("position must be at least 1: " + position);
        }
    }
}
