package com.communitybot.core.model;

import java.util.Objects;

/**
 * A member's level and xp at one moment, without the record's id: what an XP log event holds before and after
 * a change, and what a PUT writes.
 *
 * @param level the level
 * @param xp    the experience points
 */
public record LevelXp(U64 level, U64 xp) {

    public static final LevelXp ZERO = new LevelXp(U64.ZERO, U64.ZERO);

    public LevelXp {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(xp, "xp");
    }

    /** The level and xp of {@code record}. */
    public static LevelXp of(LevelRecord record) {
        return new LevelXp(record.level(), record.xp());
    }

    /** The record of this level and xp under {@code id}. */
    public LevelRecord asRecord(String id) {
        return new LevelRecord(id, xp, level);
    }
}
