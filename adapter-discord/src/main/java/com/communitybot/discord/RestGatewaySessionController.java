package com.communitybot.discord;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import net.dv8tion.jda.api.JDA;
import net.dv8tion.jda.api.utils.ConcurrentSessionController;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JDA's session controller with two changes, both about a gateway that cannot be reached.
 *
 * <ul>
 *   <li>The gateway URL stays the one the REST API gave ({@code GET /gateway/bot}). JDA forgets the URL after a
 *       failed connection and falls back to {@link #getGateway()}, which is Discord's fixed URL by default: with
 *       {@code DISCORD_API_URL} set, that would take the bot to another Discord than its REST API's.</li>
 *   <li>A shard's first connection that fails is tried again with back-off (at least the five seconds JDA waits
 *       between connections) and one log line per attempt. JDA's own controller retries it every five seconds and
 *       logs each failure at ERROR with a stack trace. (Reconnects of
 *       a shard that was connected are JDA's own loop, which already backs off and logs one line.)</li>
 * </ul>
 */
final class RestGatewaySessionController extends ConcurrentSessionController {

    // The view's logger: all of the adapter's outage lines under one name, for the app's log settings.
    private static final Logger LOG = LoggerFactory.getLogger(DiscordGuildView.class);

    private final Backoff backoff;
    private final ScheduledExecutorService retries;
    private final Map<SessionConnectNode, RetriedStart> starts = new ConcurrentHashMap<>();
    private volatile String gatewayUrl;

    RestGatewaySessionController(Backoff backoff) {
        this.backoff = backoff;
        this.retries = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "discord-gateway-retry");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public ShardedGateway getShardedGateway(JDA api) {
        ShardedGateway gateway = super.getShardedGateway(api);
        gatewayUrl = gateway.getUrl();
        return gateway;
    }

    @Override
    public String getGateway() {
        String url = gatewayUrl;
        return url != null ? url : super.getGateway();
    }

    @Override
    public void appendSession(SessionConnectNode node) {
        if (node.isReconnect()) {
            super.appendSession(node);
            return;
        }
        RetriedStart start = new RetriedStart(node);
        starts.put(node, start);
        super.appendSession(start);
    }

    @Override
    public void removeSession(SessionConnectNode node) {
        RetriedStart start = starts.remove(node);
        if (start != null) {
            start.cancelled = true;
            super.removeSession(start);
        } else {
            super.removeSession(node);
        }
    }

    /** Stops the pending retries; the ShardManager's shutdown has removed the sessions themselves. */
    void close() {
        retries.shutdownNow();
    }

    /** A shard's first connection, tried until it succeeds or the shard is shut down. */
    private final class RetriedStart implements SessionConnectNode {
        private final SessionConnectNode node;
        private int failures;
        private volatile boolean cancelled;

        RetriedStart(SessionConnectNode node) {
            this.node = node;
        }

        @Override
        public boolean isReconnect() {
            return false;
        }

        @Override
        public JDA getJDA() {
            return node.getJDA();
        }

        @Override
        public JDA.ShardInfo getShardInfo() {
            return node.getShardInfo();
        }

        @Override
        public void run(boolean isLast) throws InterruptedException {
            if (cancelled) {
                return;
            }
            try {
                node.run(isLast);
                starts.remove(node, this);
            } catch (IllegalStateException failure) {
                failures++;
                // The controller's worker waits IDENTIFY_DELAY after each connection attempt anyway.
                long delay =
                        Math.max(backoff.delayAfter(failures).toMillis(), TimeUnit.SECONDS.toMillis(IDENTIFY_DELAY));
                LOG.warn(
                        "Discord gateway unreachable for shard {} ({}); attempt {}, next in {} ms",
                        node.getShardInfo().getShardString(),
                        Failures.oneLine(failure),
                        failures,
                        delay);
                if (!retries.isShutdown()) {
                    retries.schedule(this::appendAgain, delay, TimeUnit.MILLISECONDS);
                }
            }
        }

        private void appendAgain() {
            if (!cancelled) {
                RestGatewaySessionController.super.appendSession(this);
            }
        }
    }
}
