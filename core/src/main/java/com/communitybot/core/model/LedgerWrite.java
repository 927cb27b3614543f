package com.communitybot.core.model;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * What every write of the level ledger carries besides its values: the reason to log, the idempotency key to keep,
 * and the moment of the write, which the store logs as the event's time and keeps the key from.
 *
 * @param reason      the writer's reason, logged with the event; empty for none
 * @param idempotency the key and fingerprint to keep with the answer; empty when the request carries no key
 * @param at          when the write happens, truncated to the millisecond (the log's precision)
 */
public record LedgerWrite(Optional<WriteReason> reason, Optional<IdempotentRequest> idempotency, Instant at) {

    public LedgerWrite {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(idempotency, "idempotency");
        at = Objects.requireNonNull(at, "at").truncatedTo(ChronoUnit.MILLIS);
    }

    /** A write with no reason and no key, at {@code at}. */
    public static LedgerWrite at(Instant at) {
        return new LedgerWrite(Optional.empty(), Optional.empty(), at);
    }
}
