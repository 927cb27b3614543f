package com.communitybot.core.model;

import java.util.Optional;

/**
 * The id of a user: an unsigned 64-bit integer, a decimal string outside.
 *
 * @param value the id's 64 bits, read as unsigned
 */
public record UserId(long value) {

    /** Parses a decimal id by the rule of {@link U64}; empty when it does not parse. */
    public static Optional<UserId> parse(String text) {
        return U64.tryParse(text).map(u -> new UserId(u.bits()));
    }

    /** The id as {@link U64}, for unsigned comparison. */
    public U64 asU64() {
        return new U64(value);
    }

    @Override
    public String toString() {
        return Long.toUnsignedString(value);
    }
}
