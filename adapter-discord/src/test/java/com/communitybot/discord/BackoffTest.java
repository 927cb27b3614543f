package com.communitybot.discord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(60));

    @Test
    void theWaitDoublesAfterEachFailureUpToTheMaximum() {
        assertThat(backoff.delayAfter(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(backoff.delayAfter(2)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.delayAfter(6)).isEqualTo(Duration.ofSeconds(32));
        assertThat(backoff.delayAfter(7)).isEqualTo(Duration.ofSeconds(60));
        assertThat(backoff.delayAfter(10_000)).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void aMaximumBelowTheFirstWaitIsRefused() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
