package com.communitybot.core.usecase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelDelta;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.testing.InMemoryLevelStore;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class XpLogRetentionTest {

    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
    /** A pace on a clock that never moves and a sleep that does nothing: no wait between batches. */
    private static final SweepPace UNPACED = new SweepPace(1, () -> 0, nanos -> {});

    @Test
    public void daysHoursAndOff_areRead_andAnythingElseIsRefused() {
        assertThat(XpLogRetention.parse(XpLogRetention.DEFAULT).period()).contains(Duration.ofDays(90));
        assertThat(XpLogRetention.parse("12h").period()).contains(Duration.ofHours(12));
        assertThat(XpLogRetention.parse("off").period()).isEmpty();
        for (String bad : new String[] {"", "0d", "90", "d", "-1d", "1w", "90 d", "OFF", "1234567d"}) {
            assertThatThrownBy(() -> XpLogRetention.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("XP_LOG_RETENTION must be off, or a number of days or hours");
        }
    }

    @Test
    public void theSweep_deletesEventsPastTheHorizonInBatches_andKeepsTheRest() {
        InMemoryLevelStore store = new InMemoryLevelStore();
        for (int i = 0; i < XpLogRetention.BATCH * 2 + 3; i++) {
            store.patch(
                    new GuildId(1),
                    new UserId(1),
                    new LevelDelta(BigInteger.ONE, BigInteger.ZERO),
                    LedgerWrite.at(NOW.minus(Duration.ofDays(3)).plusMillis(i)));
        }
        store.patch(
                new GuildId(1), new UserId(1), new LevelDelta(BigInteger.ONE, BigInteger.ZERO), LedgerWrite.at(NOW));

        assertThat(XpLogRetention.parse("2d").sweep(store, NOW, UNPACED)).isEqualTo(XpLogRetention.BATCH * 2 + 3);
        assertThat(store.eventsOfGuild(new GuildId(1), XpLogFilter.ALL, OptionalLong.empty(), 10))
                .hasSize(1);
        assertThat(XpLogRetention.parse("off").sweep(store, NOW.plus(Duration.ofDays(999)), UNPACED))
                .isZero();
        assertThat(store.events()).hasSize(1);
    }

    @Test
    public void theSweep_keepsToItsPace_waitingAfterEachFullBatchUntilItsEventsAreDue() {
        InMemoryLevelStore store = oldEvents(XpLogRetention.BATCH * 3 + 1);
        long[] clock = {5_000_000_000L};
        List<Long> waits = new ArrayList<>();
        // 2,000 events a second: a batch of 1,000 is due half a second after the one before.
        SweepPace pace = new SweepPace(2_000, () -> clock[0], nanos -> {
            waits.add(nanos);
            clock[0] += nanos;
        });
        assertThat(XpLogRetention.parse("2d").sweep(store, NOW, pace)).isEqualTo(XpLogRetention.BATCH * 3L + 1);
        // Three full batches, each followed by a wait; the last, short one ends the sweep without one.
        assertThat(waits).containsExactly(500_000_000L, 500_000_000L, 500_000_000L);
    }

    @Test
    public void aBatchSlowerThanThePace_isNotFollowedByAWait() {
        InMemoryLevelStore store = oldEvents(XpLogRetention.BATCH * 2);
        long[] clock = {0};
        List<Long> waits = new ArrayList<>();
        // The clock moves 2 s at each reading: every batch is already late for a pace of 1,000 a second.
        SweepPace pace = new SweepPace(1_000, () -> (clock[0] += 2_000_000_000L), waits::add);
        assertThat(XpLogRetention.parse("2d").sweep(store, NOW, pace)).isEqualTo(XpLogRetention.BATCH * 2L);
        assertThat(waits).isEmpty();
    }

    @Test
    public void anInterrupt_endsTheSweepAfterTheBatchInHand_andTheNextSweepDeletesTheRest() {
        InMemoryLevelStore store = oldEvents(XpLogRetention.BATCH * 2 + 5);
        SweepPace interrupted = new SweepPace(1, () -> 0, nanos -> {
            throw new InterruptedException();
        });
        try {
            assertThat(XpLogRetention.parse("2d").sweep(store, NOW, interrupted))
                    .isEqualTo(XpLogRetention.BATCH);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(XpLogRetention.parse("2d").sweep(store, NOW, UNPACED)).isEqualTo(XpLogRetention.BATCH + 5L);
    }

    @Test
    public void aPaceBelowOneEventASecond_isRefused() {
        assertThatThrownBy(() -> SweepPace.eventsPerSecond(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the sweep's pace must be at least one event a second, not 0");
    }

    private static InMemoryLevelStore oldEvents(int count) {
        InMemoryLevelStore store = new InMemoryLevelStore();
        for (int i = 0; i < count; i++) {
            store.patch(
                    new GuildId(1),
                    new UserId(1),
                    new LevelDelta(BigInteger.ONE, BigInteger.ZERO),
                    LedgerWrite.at(NOW.minus(Duration.ofDays(3)).plusMillis(i)));
        }
        return store;
    }
}
