package com.communitybot.discord;

import java.time.Duration;
import java.util.Objects;

/**
 * The wait before the next attempt to reach Discord: doubling from {@code first}, at most {@code max}.
 *
 * @param first the wait after the first failure
 * @param max   the longest wait
 */
record Backoff(Duration first, Duration max) {

    /** One second, doubling up to a minute: quick after a blip, one line a minute in a long outage. */
    static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1));

    Backoff {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(max, "max");
        if (first.isNegative() || first.isZero() || max.compareTo(first) < 0) {
            throw new IllegalArgumentException("need 0 < first <= max: " + first + ", " + max);
        }
    }

    /** The wait after {@code failures} failures in a row (1 or more). */
    Duration delayAfter(int failures) {
        Duration delay = first;
        for (int i = 1; i < failures && delay.compareTo(max) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(max) < 0 ? delay : max;
    }
}
