package com.communitybot.app.metrics;

import com.communitybot.core.port.GuildView;
import com.communitybot.discord.DiscordGuildView;
import com.communitybot.discord.GatewayStatus;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micronaut.context.annotation.Requires;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The Discord live view's meters: guilds and members cached, each shard's gateway status and ping, and the
 * seconds since the gateway last sent an event. Shards exist only once logged in, so their rows are
 * refreshed every few seconds; each row reads the shard's state when scraped.
 */
@Singleton
@Requires(bean = MeterRegistry.class)
final class LiveViewMeters implements MeterBinder {

    private static final Duration REFRESH = Duration.ofSeconds(5);

    private final GuildView view;
    private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "live-view-meters");
        thread.setDaemon(true);
        return thread;
    });

    LiveViewMeters(GuildView view) {
        this.view = view;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        if (!(view instanceof DiscordGuildView discord)) {
            return;
        }
        Supplier<GatewayStatus> status = discord::gatewayStatus;
        Gauge.builder("discord.guilds", () -> status.get().guilds())
                .description("Guilds whose data is complete and available")
                .register(registry);
        Gauge.builder("discord.members.cached", () -> status.get().membersCached())
                .description("Members held in the live view across its guilds")
                .register(registry);
        Gauge.builder("discord.seconds.since.last.event", () -> status.get()
                        .sinceLastEvent()
                        .map(d -> d.toMillis() / 1000.0)
                        .orElse(Double.NaN))
                .description("Seconds since any shard last received a gateway event")
                .register(registry);
        MultiGauge connected = MultiGauge.builder("discord.shard.connected")
                .description("1 when the shard is connected and has all its guilds, else 0; its JDA status as a tag")
                .register(registry);
        MultiGauge ping = MultiGauge.builder("discord.shard.ping")
                .description("The shard's last gateway heartbeat round trip")
                .baseUnit("milliseconds")
                .register(registry);
        Runnable refresh = () -> {
            List<GatewayStatus.Shard> shards = status.get().shards();
            connected.register(
                    shards.stream()
                            .map(s -> MultiGauge.Row.of(
                                    Tags.of("shard", String.valueOf(s.id()), "status", s.status()),
                                    s.connected() && s.unavailableGuilds() == 0 ? 1 : 0))
                            .toList(),
                    true);
            ping.register(
                    shards.stream()
                            .map(s -> MultiGauge.Row.of(Tags.of("shard", String.valueOf(s.id())), s.pingMillis()))
                            .toList(),
                    true);
        };
        refresh.run();
        refresher.scheduleWithFixedDelay(refresh, REFRESH.toMillis(), REFRESH.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void close() {
        refresher.shutdownNow();
    }
}
