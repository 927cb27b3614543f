package com.communitybot.app;

import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.SweepPace;
import com.communitybot.core.usecase.XpLogRetention;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The XP log's retention in the background (ledger L2): while {@code serve} runs, every {@value #DEFAULT_INTERVAL}
 * it deletes the events older than {@code XP_LOG_RETENTION} and the idempotency keys past their lifetime, through
 * core's {@link XpLogRetention#sweep}, which deletes {@value XpLogRetention#BATCH} events per transaction so the
 * bot's writes never wait for more than one such batch, and at most {@code bot.xp-log-sweep-rate} events a second
 * ({@link SweepPace}). Only {@code serve} sets {@link #RETENTION}; {@code import}
 * and {@code export} do not sweep. The bean is made with the context and runs the sweeps on a daemon thread of its
 * own, which it stops when the context closes.
 */
@Context
@Requires(property = XpLogSweeper.RETENTION)
final class XpLogSweeper {

    /** The property of {@code XP_LOG_RETENTION}, such as {@code 90d} or {@code off}. */
    static final String RETENTION = UseCaseFactory.XP_LOG_RETENTION;

    /** The property of the time between two sweeps, such as {@code 5m}; not an environment variable. */
    static final String INTERVAL = "bot.xp-log-sweep-interval";

    static final String DEFAULT_INTERVAL = "5m";

    /** The property of the most events a sweep deletes a second ({@link SweepPace}); not an environment variable. */
    static final String RATE = "bot.xp-log-sweep-rate";

    private static final Logger LOG = LoggerFactory.getLogger(XpLogSweeper.class);

    private final XpLogRetention retention;
    private final XpLog log;
    private final Clock clock;
    private final SweepPace pace;
    private final ScheduledExecutorService sweeping;

    @Inject
    XpLogSweeper(
            XpLogRetention retention,
            XpLog log,
            @Value("${" + INTERVAL + ":" + DEFAULT_INTERVAL + "}") Duration interval,
            @Value("${" + RATE + ":" + SweepPace.DEFAULT_EVENTS_PER_SECOND + "}") long eventsPerSecond) {
        this(retention, log, Clock.systemUTC(), SweepPace.eventsPerSecond(eventsPerSecond));
        sweeping.scheduleWithFixedDelay(
                this::scheduled, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A sweeper that sweeps only when {@link #sweep} is called. */
    XpLogSweeper(XpLogRetention retention, XpLog log, Clock clock, SweepPace pace) {
        this.retention = retention;
        this.log = log;
        this.clock = clock;
        this.pace = pace;
        this.sweeping = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "xp-log-sweeper");
            thread.setDaemon(true);
            return thread;
        });
    }

    @PreDestroy
    void stop() {
        sweeping.shutdownNow();
    }

    void scheduled() {
        try {
            long deleted = sweep();
            if (deleted > 0) {
                LOG.info(
                        "Deleted {} events of the XP log older than {}",
                        deleted,
                        retention.period().orElseThrow());
            }
        } catch (RuntimeException e) {
            // The next sweep tries again; the events stay meanwhile, which loses nothing.
            LOG.warn("Sweeping the XP log failed; the next sweep tries again", e);
        }
    }

    /** One sweep now: how many events it deleted. */
    long sweep() {
        return retention.sweep(log, clock.instant(), pace);
    }
}
