package com.communitybot.core.model;

import java.util.Objects;

/**
 * A record's gain in a window and its position in the window's order: 1 plus the number of gains before it, ranked
 * or not (ledger L3, with spec 4.2 rule 3).
 *
 * @param gain     the gain
 * @param position its 1-based position
 */
public record PlacedGain(WindowGain gain, long position) {

    public PlacedGain {
        Objects.requireNonNull(gain, "gain");
        if (position < 1) {
            throw new IllegalArgumentException("position must be at least 1: " + position);
        }
    }
}
