package com.communitybot.app;

import com.communitybot.core.port.BetaStore;
import com.communitybot.core.port.GuildView;
import com.communitybot.core.port.LevelStore;
import com.communitybot.core.port.SettingsStore;
import com.communitybot.core.usecase.BetaTesting;
import com.communitybot.core.usecase.BotPresence;
import com.communitybot.core.usecase.GuildRoles;
import com.communitybot.core.usecase.Leaderboard;
import com.communitybot.core.usecase.LevelBridges;
import com.communitybot.core.usecase.LevelTracks;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Wires the core's annotation-free use cases to the adapters' ports. */
@Factory
final class UseCaseFactory {

    @Singleton
    BotPresence presence(GuildView guilds) {
        return new BotPresence(guilds);
    }

    @Singleton
    Leaderboard leaderboard(GuildView guilds, LevelStore levels) {
        return new Leaderboard(guilds, levels);
    }

    @Singleton
    GuildRoles roles(GuildView guilds) {
        return new GuildRoles(guilds);
    }

    @Singleton
    LevelTracks tracks(GuildView guilds, SettingsStore settings) {
        return new LevelTracks(guilds, settings);
    }

    @Singleton
    LevelBridges bridges(GuildView guilds, SettingsStore settings) {
        return new LevelBridges(guilds, settings);
    }

    @Singleton
    BetaTesting beta(BetaStore beta) {
        return new BetaTesting(beta, Clock.systemUTC());
    }
}
