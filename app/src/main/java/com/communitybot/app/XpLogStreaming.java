package com.communitybot.app;

import com.communitybot.core.usecase.XpLogStreams;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.micronaut.runtime.graceful.GracefulShutdownCapable;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the live XP log (ledger L4) while {@code serve} runs: core's {@link XpLogStreams#poll} every {@code
 * bot.xp-log-stream-poll} on a daemon thread of its own, which follows the log in the store, so an event committed
 * through any instance, or by the bot writing the store, reaches every instance's streams. At shutdown it ends every
 * stream before the server waits for its connections (Micronaut's graceful shutdown asks each {@link
 * GracefulShutdownCapable} bean first), so the streams close cleanly instead of being cut after the grace period.
 */
@Context
@Requires(beans = XpLogStreams.class)
final class XpLogStreaming implements GracefulShutdownCapable {

    /** The property of {@code MAX_STREAMS}; only {@code serve} sets it. */
    static final String MAX_STREAMS = "bot.max-streams";

    /** The property of the longest a stream stays quiet before a keep-alive comment; not an environment variable. */
    static final String KEEP_ALIVE = "bot.xp-log-stream-keep-alive";

    static final String DEFAULT_KEEP_ALIVE = "15s";

    /** The property of the time between two reads of the log for the streams; not an environment variable. */
    static final String POLL = "bot.xp-log-stream-poll";

    static final String DEFAULT_POLL = "250ms";

    private static final Logger LOG = LoggerFactory.getLogger(XpLogStreaming.class);

    private final XpLogStreams streams;
    private final ScheduledExecutorService polling = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "xp-log-streams");
        thread.setDaemon(true);
        return thread;
    });

    private final long pollMillis;

    @Inject
    XpLogStreaming(XpLogStreams streams, @Value("${" + POLL + ":" + DEFAULT_POLL + "}") Duration poll) {
        this.streams = streams;
        this.pollMillis = Math.max(1, poll.toMillis());
        polling.schedule(this::poll, pollMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * One round, then the next: after the usual interval, or after a tenth of it when a read came back full (a
     * busy guild, or a reader catching up), so that a stream keeps up with its reader rather than with the clock.
     */
    private void poll() {
        boolean more = false;
        try {
            more = streams.poll();
        } catch (RuntimeException e) {
            LOG.warn("A round of the live XP log failed; the next one tries again", e);
        }
        try {
            polling.schedule(this::poll, more ? Math.max(1, pollMillis / 10) : pollMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // The service stops: no next round.
        }
    }

    /** Ends every stream, on the polling thread, so that no round runs beside it; then stops polling. */
    @Override
    public CompletionStage<?> shutdownGracefully() {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        try {
            polling.execute(() -> {
                try {
                    streams.endAll();
                } finally {
                    ended.complete(null);
                }
            });
        } catch (RuntimeException e) {
            streams.endAll();
            ended.complete(null);
        }
        return ended;
    }

    @Override
    public OptionalLong reportActiveTasks() {
        return OptionalLong.of(streams.open());
    }

    @PreDestroy
    void stop() {
        polling.shutdownNow();
    }
}
