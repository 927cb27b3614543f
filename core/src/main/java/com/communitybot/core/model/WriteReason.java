package com.communitybot.core.model;

import com.communitybot.core.error.InvalidInputException;
import java.util.Objects;

/**
 * Why a writer changed a level record (ledger L1): kept in the XP log and nowhere else. At most {@value #MAX}
 * characters, counted as Unicode code points, so an emoji is one character as a reader counts it.
 *
 * @param text the reason as given
 */
public record WriteReason(String text) {

    /** The most characters a reason may have. */
    public static final int MAX = 500;

    public WriteReason {
        Objects.requireNonNull(text, "text");
        if (text.codePointCount(0, text.length()) > MAX) {
            throw new InvalidInputException("Invalid reason: at most " + MAX + " characters");
        }
    }
}
