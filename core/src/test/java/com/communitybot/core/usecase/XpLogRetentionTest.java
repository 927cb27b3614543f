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
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class XpLogRetentionTest {

    private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");

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

        assertThat(XpLogRetention.parse("2d").sweep(store, NOW)).isEqualTo(XpLogRetention.BATCH * 2 + 3);
        assertThat(store.eventsOfGuild(new GuildId(1), XpLogFilter.ALL, OptionalLong.empty(), 10))
                .hasSize(1);
        assertThat(XpLogRetention.parse("off").sweep(store, NOW.plus(Duration.ofDays(999))))
                .isZero();
        assertThat(store.events()).hasSize(1);
    }
}
