package com.communitybot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.communitybot.core.model.GuildId;
import com.communitybot.core.model.IdempotencyKey;
import com.communitybot.core.model.IdempotentRequest;
import com.communitybot.core.model.LedgerWrite;
import com.communitybot.core.model.LevelXp;
import com.communitybot.core.model.U64;
import com.communitybot.core.model.UserId;
import com.communitybot.core.model.XpEvent;
import com.communitybot.core.model.XpLogFilter;
import com.communitybot.core.port.LevelLedger;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.testing.Await;
import com.communitybot.core.usecase.SweepPace;
import com.communitybot.core.usecase.XpLogRetention;
import com.communitybot.persistence.testing.StoreBackend;
import com.communitybot.persistence.testing.StoreContext;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The XP log's retention runs by itself while the service runs (ledger L2): events older than {@code
 * XP_LOG_RETENTION} go, in batches, newer ones stay, and idempotency keys past their 24 hours go with them.
 */
class XpLogSweeperTest {

    private static final GuildId GUILD = new GuildId(12L);
    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

    /** The store alone, as app's StoreContext starts it for import and export: no live view, so no metrics of it. */
    private static final Map<String, Object> STORE_ONLY = Map.of(
            "micronaut.metrics.enabled", false,
            "micronaut.health.monitor.enabled", false,
            "endpoints.health.enabled", false,
            "endpoints.prometheus.enabled", false);

    private static StoreContext store(String purpose, Map<String, Object> extra) {
        Map<String, Object> properties = new java.util.HashMap<>(STORE_ONLY);
        properties.putAll(extra);
        return StoreContext.start(StoreBackend.H2.freshDatabase(purpose), properties);
    }

    private static LevelXp levelXp(long level, long xp) {
        return new LevelXp(U64.ofNonNegative(level), U64.ofNonNegative(xp));
    }

    private static List<XpEvent> events(XpLog log) {
        return log.eventsOfGuild(GUILD, XpLogFilter.ALL, OptionalLong.empty(), 1000);
    }

    @Test
    void aSweep_deletesTheEventsOlderThanTheRetention_inBatches_andTheExpiredKeys() {
        try (StoreContext stores = store("sweep", Map.of())) {
            LevelLedger ledger = stores.bean(LevelLedger.class);
            XpLog log = stores.bean(XpLog.class);
            // 2,500 old events: more than two batches of the sweep.
            for (int user = 1; user <= 2_500; user++) {
                ledger.put(GUILD, new UserId(user), levelXp(1, 1), LedgerWrite.at(NOW.minus(Duration.ofDays(31))));
            }
            ledger.put(GUILD, new UserId(1), levelXp(2, 2), LedgerWrite.at(NOW.minus(Duration.ofDays(29))));
            ledger.put(GUILD, new UserId(1), levelXp(3, 3), keyed("old-key", NOW.minus(Duration.ofHours(25))));
            ledger.put(GUILD, new UserId(1), levelXp(4, 4), keyed("new-key", NOW.minus(Duration.ofHours(1))));

            XpLogSweeper sweeper = new XpLogSweeper(
                    XpLogRetention.parse("30d"),
                    log,
                    Clock.fixed(NOW, ZoneOffset.UTC),
                    SweepPace.eventsPerSecond(1_000_000));
            assertThat(sweeper.sweep()).isEqualTo(2_500);

            assertThat(events(log))
                    .extracting(e -> e.after().orElseThrow().level().bits())
                    .containsExactly(4L, 3L, 2L);
            // The expired key is forgotten: the same key runs its request again. The other gives its answer.
            LedgerWrite oldAgain = keyed("old-key", NOW);
            assertThat(ledger.put(GUILD, new UserId(1), levelXp(5, 5), oldAgain).encode())
                    .isEqualTo("written 5 5 12:1");
            assertThat(ledger.put(GUILD, new UserId(1), levelXp(4, 4), keyed("new-key", NOW))
                            .encode())
                    .as("a key within its lifetime: its first answer again")
                    .isEqualTo("written 4 4 12:1");
        }
    }

    @Test
    void withRetentionOff_everyEventIsKept() {
        try (StoreContext stores = store("sweep-off", Map.of())) {
            LevelLedger ledger = stores.bean(LevelLedger.class);
            XpLog log = stores.bean(XpLog.class);
            ledger.put(GUILD, new UserId(1), levelXp(1, 1), LedgerWrite.at(NOW.minus(Duration.ofDays(3650))));

            XpLogSweeper sweeper = new XpLogSweeper(
                    XpLogRetention.parse("off"),
                    log,
                    Clock.fixed(NOW, ZoneOffset.UTC),
                    SweepPace.eventsPerSecond(1_000_000));

            assertThat(sweeper.sweep()).isZero();
            assertThat(events(log)).hasSize(1);
        }
    }

    @Test
    void serve_sweepsByItself_everyInterval() {
        try (StoreContext stores = store(
                "sweep-serve",
                Map.of(XpLogSweeper.RETENTION, "1h", XpLogSweeper.INTERVAL, "200ms", XpLogSweeper.RATE, 5_000))) {
            LevelLedger ledger = stores.bean(LevelLedger.class);
            XpLog log = stores.bean(XpLog.class);
            ledger.put(
                    GUILD,
                    new UserId(1),
                    levelXp(1, 1),
                    LedgerWrite.at(Instant.now().minus(Duration.ofHours(2))));
            ledger.put(GUILD, new UserId(2), levelXp(1, 1), LedgerWrite.at(Instant.now()));

            Await.until(
                    "the old event swept",
                    Duration.ofSeconds(30),
                    Duration.ofMillis(50),
                    () -> events(log).size() == 1);
            assertThat(events(log)).extracting(XpEvent::recordId).containsExactly("12:2");
        }
    }

    @Test
    void withoutTheSetting_thereIsNoSweeper_asInTheCommandLine() {
        try (StoreContext stores = store("sweep-none", Map.of())) {
            assertThat(stores.context().findBean(XpLogSweeper.class)).isEmpty();
        }
    }

    private static LedgerWrite keyed(String key, Instant at) {
        return new LedgerWrite(
                Optional.empty(), Optional.of(IdempotentRequest.of(GUILD, new IdempotencyKey(key), key)), at);
    }
}
