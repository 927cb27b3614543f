package com.communitybot.app.health;

import com.communitybot.core.port.GuildView;
import com.communitybot.discord.DiscordGuildView;
import com.communitybot.discord.GatewayStatus;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import java.util.LinkedHashMap;
import java.util.Map;
import org.reactivestreams.Publisher;

/**
 * Readiness of the live view. Discord's is ready once logged in, with every shard connected and no guild
 * still missing; a snapshot file or the empty view is always ready (a bad file stops the service at start).
 */
@Singleton
final class LiveViewReadiness implements HealthIndicator {

    static final String NAME = "live-view";

    private final GuildView view;

    LiveViewReadiness(GuildView view) {
        this.view = view;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        if (!(view instanceof DiscordGuildView discord)) {
            return Publishers.just(HealthResult.builder(NAME, HealthStatus.UP).build());
        }
        GatewayStatus status = discord.gatewayStatus();
        Map<String, Object> details = new LinkedHashMap<>();
        if (!status.loggedIn()) {
            details.put("error", "not logged in to Discord yet");
        } else {
            details.put("guilds", status.guilds());
            for (GatewayStatus.Shard shard : status.shards()) {
                details.put(
                        "shard " + shard.id(),
                        shard.status()
                                + (shard.unavailableGuilds() == 0
                                        ? ""
                                        : ", " + shard.unavailableGuilds() + " guilds unavailable"));
            }
        }
        return Publishers.just(HealthResult.builder(NAME, status.ready() ? HealthStatus.UP : HealthStatus.DOWN)
                .details(details)
                .build());
    }
}
