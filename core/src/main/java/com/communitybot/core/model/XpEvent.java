package com.communitybot.core.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One change of one level record, as the XP log keeps it (ledger L2). The log orders events by {@code id}, which
 * a store gives in increasing order as events are written; outside the service the id is an opaque string.
 *
 * @param id       the event's id, positive, unique within the store
 * @param recordId the changed record's id, {@code <guild_id>:<user part>} as stored
 * @param before   the level and xp before the change; empty when the change created the record
 * @param after    the level and xp after the change; empty when the change removed the record
 * @param source   who made the change
 * @param reason   the reason the writer gave; empty when none was given, and always for the bot's writes
 * @param at       when the change was written, to the millisecond
 */
public record XpEvent(
        long id,
        String recordId,
        Optional<LevelXp> before,
        Optional<LevelXp> after,
        XpSource source,
        Optional<String> reason,
        Instant at) {

    public XpEvent {
        if (id < 1) {
            throw new IllegalArgumentException("id must be positive: " + id);
        }
        Objects.requireNonNull(recordId, "recordId");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
        if (before.isEmpty() && after.isEmpty()) {
            throw new IllegalArgumentException("an event changes a record: before or after must be present");
        }
    }

    /** The text of the record id after the guild id and its colon (ledger L2's {@code user_id}). */
    public String userPart() {
        return recordId.substring(recordId.indexOf(':') + 1);
    }
}
