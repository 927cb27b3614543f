package com.communitybot.app;

import com.communitybot.core.error.DatabaseErrorException;
import com.communitybot.core.port.XpLog;
import com.communitybot.core.usecase.XpLogRetention;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the XP log's retention in the background of {@code serve} (ledger L2): every {@value #INTERVAL}, the events
 * older than {@code XP_LOG_RETENTION} and the idempotency keys older than their lifetime are deleted, in short
 * transactions of {@link XpLogRetention#BATCH} events, so the bot's writes wait for one batch at most. A failure
 * is logged and the next run tries again.
 */
@Singleton
@Requires(beans = XpLog.class)
final class XpLogSweep {

    static final String INTERVAL = "10m";
    private static final Logger LOG = LoggerFactory.getLogger(XpLogSweep.class);

    private final XpLog log;
    private final XpLogRetention retention;

    XpLogSweep(XpLog log, XpLogRetention retention) {
        this.log = log;
        this.retention = retention;
    }

    @Scheduled(fixedDelay = INTERVAL, initialDelay = "1m")
    void scheduled() {
        try {
            long deleted = retention.sweep(log, Instant.now());
            if (deleted > 0) {
                LOG.info("Deleted {} XP log events older than the retention", deleted);
            }
        } catch (DatabaseErrorException e) {
            LOG.warn("Deleting old XP log events failed: {}", String.valueOf(e.getCause()));
        }
    }
}
