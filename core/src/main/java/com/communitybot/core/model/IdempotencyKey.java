package com.communitybot.core.model;

import com.communitybot.core.error.InvalidInputException;
import java.time.Duration;
import java.util.Objects;

/**
 * The {@code Idempotency-Key} a writer sends with a PUT, PATCH or DELETE (ledger L1): 1 to {@value #MAX_LENGTH}
 * visible ASCII characters ({@code !} to {@code ~}), kept by the store with the request's first answer for
 * {@link #LIFETIME}.
 *
 * @param text the key as sent
 */
public record IdempotencyKey(String text) {

    /** The refusal of a key, and of a request with more than one. */
    public static final String INVALID = "Invalid Idempotency-Key";
    /** The longest key. */
    public static final int MAX_LENGTH = 255;
    /** How long a key and its answer are kept. */
    public static final Duration LIFETIME = Duration.ofHours(24);

    public IdempotencyKey {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty() || text.length() > MAX_LENGTH || !text.chars().allMatch(c -> c >= '!' && c <= '~')) {
            throw new InvalidInputException(INVALID);
        }
    }
}
