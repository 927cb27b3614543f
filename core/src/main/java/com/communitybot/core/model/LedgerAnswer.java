package com.communitybot.core.model;

import java.util.Objects;

/**
 * What a write of the level ledger answered, as a domain value: the store keeps it with an idempotency key and
 * gives it again to a retry, so it has a stable text form ({@link #encode}, {@link #decode}) that a store can
 * persist without knowing HTTP. Only answers that changed or read the store successfully are kept ({@link
 * #isKept}); a {@link NotFound} or a {@link Conflict} is given, never kept.
 */
public sealed interface LedgerAnswer {

    /** Whether a store keeps this answer with the request's idempotency key. */
    default boolean isKept() {
        return true;
    }

    /** The answer as one line of text, for the store; {@link #decode} reads it back. */
    String encode();

    /** PUT or PATCH: the record as stored after the write. */
    record Written(LevelRecord record) implements LedgerAnswer {
        public Written {
            Objects.requireNonNull(record, "record");
        }

        @Override
        public String encode() {
            return "written " + record.level() + " " + record.xp() + " " + record.id();
        }
    }

    /** DELETE of one record: the record as it was. */
    record Removed(LevelRecord record) implements LedgerAnswer {
        public Removed {
            Objects.requireNonNull(record, "record");
        }

        @Override
        public String encode() {
            return "removed " + record.level() + " " + record.xp() + " " + record.id();
        }
    }

    /** A guild reset: how many records it removed. */
    record Reset(long removed) implements LedgerAnswer {
        public Reset {
            if (removed < 0) {
                throw new IllegalArgumentException("removed must not be negative: " + removed);
            }
        }

        @Override
        public String encode() {
            return "reset " + removed;
        }
    }

    /** DELETE of a record that does not exist: nothing changed, and the key is not kept. */
    record NotFound() implements LedgerAnswer {
        @Override
        public boolean isKept() {
            return false;
        }

        @Override
        public String encode() {
            return "not_found";
        }
    }

    /** The key is kept, within its lifetime, with another request's fingerprint: nothing changed. */
    record Conflict() implements LedgerAnswer {
        @Override
        public boolean isKept() {
            return false;
        }

        @Override
        public String encode() {
            return "conflict";
        }
    }

    /**
     * The answer {@code text} encodes.
     *
     * @throws IllegalArgumentException {@code text} is not an answer's encoding
     */
    static LedgerAnswer decode(String text) {
        String[] parts = text.split(" ", 4);
        try {
            switch (parts[0]) {
                case "written", "removed" -> {
                    if (parts.length != 4) {
                        break;
                    }
                    LevelRecord record = new LevelRecord(
                            parts[3],
                            U64.tryParse(parts[2]).orElseThrow(),
                            U64.tryParse(parts[1]).orElseThrow());
                    return parts[0].equals("written") ? new Written(record) : new Removed(record);
                }
                case "reset" -> {
                    if (parts.length == 2 && parts[1].chars().allMatch(Character::isDigit)) {
                        return new Reset(Long.parseLong(parts[1]));
                    }
                }
                case "not_found" -> {
                    if (parts.length == 1) {
                        return new NotFound();
                    }
                }
                case "conflict" -> {
                    if (parts.length == 1) {
                        return new Conflict();
                    }
                }
                default -> {}
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a ledger answer: " + text, e);
        }
        throw new IllegalArgumentException("not a ledger answer: " + text);
    }
}
